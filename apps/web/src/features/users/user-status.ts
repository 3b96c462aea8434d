/**
 * Which users the Users table marks and lets the list be narrowed to: locked out (too many failed
 * sign-ins, until someone unblocks them) and disabled (may not sign in). A user can be both.
 */
import type { User } from '@orchard/shared/users';

export const USER_STATUS_FILTERS = ['all', 'lockedOut', 'disabled'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export type UserStatus = Exclude<UserStatusFilter, 'all'>;

export function userStatuses(user: Pick<User, 'isLockedOut' | 'isEnabled'>): UserStatus[] {
  const statuses: UserStatus[] = [];
  if (user.isLockedOut) statuses.push('lockedOut');
  if (!user.isEnabled) statuses.push('disabled');
  return statuses;
}

export function matchesStatus(user: Pick<User, 'isLockedOut' | 'isEnabled'>, filter: UserStatusFilter): boolean {
  return filter === 'all' || userStatuses(user).includes(filter);
}
