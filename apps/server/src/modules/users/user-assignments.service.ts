/**
 * A member's roles, farms and packhouses in this organisation, each list replaced on its own. Only
 * this organisation's roles and farms, and packhouses it may use, are assigned (404 otherwise); a
 * caller who is not a super user adds or removes only their own farms (403, see checkFarmChange).
 * users.version gives optimistic concurrency (412 on a stale version); a role change keeps the
 * organisation an enabled member who holds every permission (409) and tells the member.
 */
import { USER_MESSAGES, type User } from '@orchard/shared/users';
import type { AppDb } from '../../db/client';
import { notFound, preconditionFailed } from '../../lib/errors';
import { notifyUsers } from '../notifications/index';
import { keepingFullMember, lockOrganizations } from '../roles/index';
import { bumpUserVersion } from './user-accounts.repository';
import {
  findFarmIdsInOrganization,
  findPackhouseIdsForOrganization,
  replaceUserFarms,
  replaceUserPackhouses,
  replaceUserRoles,
} from './user-assignments.repository';
import { auditMember } from './user-audit';
import { loadMember } from './user-listing.service';
import { assertNotAboveCaller, checkFarmChange, checkRoleChange, currentCaller, type Caller } from './user-privileges';

export const staleVersion = () => preconditionFailed(USER_MESSAGES.staleVersion);

export async function checkFarms(db: AppDb, organizationId: number, farmIds: number[]): Promise<number[]> {
  const unique = [...new Set(farmIds)];
  const found = await findFarmIdsInOrganization(db, organizationId, unique);
  if (found.length !== unique.length) throw notFound('Farm');
  return unique;
}

export async function checkPackhouses(db: AppDb, organizationId: number, packhouseIds: number[]): Promise<number[]> {
  const unique = [...new Set(packhouseIds)];
  const found = await findPackhouseIdsForOrganization(db, organizationId, unique);
  if (found.length !== unique.length) throw notFound('Packhouse');
  return unique;
}

export const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Tells the member which roles they now hold in this organisation. */
export async function notifyRolesChanged(
  tx: AppDb,
  organizationId: number,
  userId: number,
  roleNames: Map<number, string>,
): Promise<void> {
  const names = [...roleNames.values()].sort((a, b) => a.localeCompare(b, 'en'));
  await notifyUsers(tx, {
    userIds: [userId],
    organizationId,
    header: 'Your roles have changed',
    body:
      names.length > 0
        ? `Your roles in this organisation are now: ${names.join(', ')}.`
        : 'You no longer hold any roles in this organisation.',
  });
}

/**
 * One change of a member's place in this organisation, in a transaction under the organisation's
 * lock, by a caller who holds everything the member holds here (403 otherwise); `change` gets the
 * caller with their current permissions. The version, when given, must still be the member's (412).
 */
async function changeMember(
  db: AppDb,
  caller: Caller,
  userId: number,
  version: number | undefined,
  change: (tx: AppDb, acting: Caller, current: User) => Promise<void>,
): Promise<User> {
  const current = await loadMember(db, caller.organizationId, userId);
  if (version !== undefined && version !== current.version) throw staleVersion();
  await db.transaction(async (tx) => {
    await lockOrganizations(tx, [caller.organizationId]);
    const acting = await currentCaller(tx, caller);
    await assertNotAboveCaller(tx, acting, userId);
    await change(tx, acting, current);
    await auditMember(tx, caller, current, await loadMember(tx, caller.organizationId, userId));
  });
  return loadMember(db, caller.organizationId, userId);
}

/** Replaces the user's roles in this organisation (roles.assign, escalation guard, a full member kept). */
export async function setUserRoles(
  db: AppDb,
  caller: Caller,
  userId: number,
  roleIds: number[],
  version?: number,
): Promise<User> {
  return changeMember(db, caller, userId, version, async (tx, acting, current) => {
    const roleNames = await checkRoleChange(tx, acting, userId, current.roleIds, roleIds);
    const ids = [...roleNames.keys()];
    if (!(await bumpUserVersion(tx, userId, version))) throw staleVersion();
    if (sameSet(ids, current.roleIds)) return;
    await keepingFullMember(tx, [caller.organizationId], () => replaceUserRoles(tx, caller.organizationId, userId, ids));
    await notifyRolesChanged(tx, caller.organizationId, userId, roleNames);
  });
}

/** Replaces the user's farms in this organisation (users.assignFarms; only this organisation's farms, and only the caller's own change). */
export async function setUserFarms(
  db: AppDb,
  caller: Caller,
  userId: number,
  farmIds: number[],
  version?: number,
): Promise<User> {
  const ids = await checkFarms(db, caller.organizationId, farmIds);
  return changeMember(db, caller, userId, version, async (tx, acting, current) => {
    await checkFarmChange(tx, acting, current.farms, ids);
    if (!(await bumpUserVersion(tx, userId, version))) throw staleVersion();
    await replaceUserFarms(tx, caller.organizationId, userId, ids);
  });
}

/** Replaces the user's packhouses here (users.assignPackhouses; packhouses linked to or owned by it). */
export async function setUserPackhouses(
  db: AppDb,
  caller: Caller,
  userId: number,
  packhouseIds: number[],
  version?: number,
): Promise<User> {
  const ids = await checkPackhouses(db, caller.organizationId, packhouseIds);
  return changeMember(db, caller, userId, version, async (tx) => {
    if (!(await bumpUserVersion(tx, userId, version))) throw staleVersion();
    await replaceUserPackhouses(tx, caller.organizationId, userId, ids);
  });
}
