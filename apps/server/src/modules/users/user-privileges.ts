/**
 * Who may act on whom in the users tab (docs/domain.md, Users and roles; docs/security.md, Boundaries).
 *
 * - Another organisation's user answers 404, exactly like an id that does not exist.
 * - Escalation guard: a caller may add or remove only roles whose permissions they hold
 *   themselves; without roles.view only their own roles. Roles of another organisation are 404.
 * - Nobody acts above their own rights: a member who holds, in this organisation, a permission the
 *   caller lacks is not saved, disabled, deleted, unblocked, reset or reassigned by them (403).
 *   Super users are bounded by their permissions here like anyone else.
 * - A person's identity is theirs: the user name, e-mail, full name, job title, phone number,
 *   avatar, password, lockout and enabled state of a user who also belongs to another
 *   organisation change only by themselves or a super user (403). An organisation administrator
 *   manages this organisation's side of them: membership, roles, farms and packhouses.
 * - Super users are the platform's operators: an organisation's users (not super users) change
 *   none of a super user's identity, and neither remove them from the organisation nor take a role
 *   from them there (403); they may give them roles, farms and packhouses. Another super user may.
 * - Only super users search and link users of other organisations (and, inside the organisation,
 *   they still need users.linkOrganisation).
 * - Farms: a caller who is not a super user adds or removes only farms assigned to themselves in
 *   this organisation (data-rules/farm-scope), for anyone, themselves included (403 naming the farm); the
 *   target's other farms stay as they are (sent back unchanged). Super users assign any farm of
 *   the organisation.
 */
import { PERMISSIONS, type Permission } from '@orchard/shared/core';
import { USER_MESSAGES, mayChangeIdentityOf, mayTakeFrom } from '@orchard/shared/users';
import type { AppDb } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { findUserPermissions, permissionsLacking } from '../roles/index';
import { countOtherMemberships, isSuperUserAccount } from './user-accounts.repository';
import { findFarmsAssignedOrNot, findRolePermissions, findRolesInOrganization, findUserRoleIds } from './user-assignments.repository';
import { findMemberUser } from './user-members.repository';

/** Who is asking, inside which organisation, holding which permissions there. */
export interface Caller {
  userId: number;
  /** the session of the caller's access token */
  sessionId: string;
  /** a platform operator (docs/security.md, Sessions and super users): the only callers who act across organisations */
  isSuperUser: boolean;
  organizationId: number;
  permissions: ReadonlySet<string>;
}

export const can = (caller: Caller, permission: Permission) => caller.permissions.has(permission);

export const userNotFound = () => notFound('User');

// --- who may act on whom ----------------------------------------------------------------------

/**
 * The caller with their permissions in the organisation as they are now (read in the change's
 * transaction, after the organisation's lock), rather than as the access cache last saw them.
 */
export async function currentCaller(tx: AppDb, caller: Caller): Promise<Caller> {
  return { ...caller, permissions: await findUserPermissions(tx, caller.organizationId, caller.userId) };
}

/** 403 when the member holds, in this organisation, a permission the caller lacks. */
export async function assertNotAboveCaller(db: AppDb, caller: Caller, userId: number): Promise<void> {
  if (userId === caller.userId) return;
  const held = await findUserPermissions(db, caller.organizationId, userId);
  if (permissionsLacking(caller.permissions, held).length > 0) throw forbidden(USER_MESSAGES.userAboveCaller);
}

/**
 * 403 when the member is a super user, or also belongs to another organisation, and the caller is
 * neither them nor a super user.
 */
export async function assertIdentityIsCallers(db: AppDb, caller: Caller, userId: number): Promise<void> {
  if (userId === caller.userId || caller.isSuperUser) return;
  const target = {
    isSelf: false,
    isSuperUser: await isSuperUserAccount(db, userId),
    inOtherOrganizations: (await countOtherMemberships(db, userId, caller.organizationId)) > 0,
  };
  if (mayChangeIdentityOf(target, caller.isSuperUser)) return;
  throw forbidden(target.isSuperUser ? USER_MESSAGES.superUserProtected : USER_MESSAGES.sharedUserProfile);
}

/** 403 when the member is a super user and the caller is not: removing them, or taking a role from them. */
export async function assertMayTakeFrom(db: AppDb, caller: Caller, userId: number): Promise<void> {
  if (caller.isSuperUser) return;
  if (!mayTakeFrom({ isSuperUser: await isSuperUserAccount(db, userId) }, caller.isSuperUser)) throw forbidden(USER_MESSAGES.superUserProtected);
}

/**
 * May the caller change this member's identity (e-mail them a password reset, unblock them,
 * replace their avatar)? 404 when they are not a member of the caller's organisation; 403 when
 * they hold a permission here the caller lacks, or also belong to another organisation and the
 * caller is neither them nor a super user. The route's own permission is checked by its policy.
 */
export async function assertMayManageIdentity(db: AppDb, caller: Caller, targetUserId: number): Promise<void> {
  if (!(await findMemberUser(db, caller.organizationId, targetUserId))) throw userNotFound();
  await assertNotAboveCaller(db, await currentCaller(db, caller), targetUserId);
  await assertIdentityIsCallers(db, caller, targetUserId);
}

/** 403 for everyone but super users: only they act across organisations. */
export function assertSuperUser(caller: Caller): void {
  if (!caller.isSuperUser) throw forbidden(USER_MESSAGES.superUserOnly);
}

// --- escalation guard -------------------------------------------------------------------------

/**
 * The roles of the organisation the caller may assign: those whose permissions they all hold,
 * and without roles.view only the caller's own roles.
 */
export async function assignableRoleIds(db: AppDb, caller: Caller, roleIds: number[]): Promise<Set<number>> {
  if (!can(caller, PERMISSIONS.rolesView)) {
    const own = new Set(await findUserRoleIds(db, caller.organizationId, caller.userId));
    return new Set(roleIds.filter((id) => own.has(id)));
  }
  const pairs = await findRolePermissions(db, roleIds);
  const notHeld = new Set(pairs.filter((p) => !caller.permissions.has(p.permission)).map((p) => p.roleId));
  return new Set(roleIds.filter((id) => !notHeld.has(id)));
}

/**
 * Checks a change of user `userId`'s roles (null: a user being created) from `current` to
 * `requested`: every requested role must be the organisation's (404 otherwise), no role taken from a
 * super user by anyone else (403) and every added or removed role assignable by the caller (403).
 * Returns the requested roles' names by id.
 */
export async function checkRoleChange(
  db: AppDb,
  caller: Caller,
  userId: number | null,
  current: number[],
  requested: number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(requested)];
  const found = await findRolesInOrganization(db, caller.organizationId, unique);
  if (found.length !== unique.length) throw notFound('Role');
  const names = new Map(found.map((r) => [r.id, r.name]));
  const currentSet = new Set(current);
  const requestedSet = new Set(unique);
  const removed = current.filter((id) => !requestedSet.has(id));
  if (removed.length > 0 && userId !== null) await assertMayTakeFrom(db, caller, userId);
  const changed = [...unique.filter((id) => !currentSet.has(id)), ...removed];
  if (changed.length === 0) return names;
  const assignable = await assignableRoleIds(db, caller, changed);
  const refused = changed.find((id) => !assignable.has(id));
  if (refused !== undefined) {
    const name = names.get(refused) ?? (await findRolesInOrganization(db, caller.organizationId, [refused]))[0]?.name ?? '';
    throw forbidden(USER_MESSAGES.roleNotAssignable(name));
  }
  return names;
}

// --- farms ------------------------------------------------------------------------------------

/**
 * Checks a change of a user's farms from `current` to `requested` (both the organisation's farms):
 * a caller who is not a super user may add or remove only farms assigned to themselves here (403
 * naming the first other farm), whoever the user is, themselves included.
 */
export async function checkFarmChange(db: AppDb, caller: Caller, current: readonly number[], requested: readonly number[]): Promise<void> {
  if (caller.isSuperUser) return;
  const currentSet = new Set(current);
  const requestedSet = new Set(requested);
  const changed = [...requested.filter((id) => !currentSet.has(id)), ...current.filter((id) => !requestedSet.has(id))];
  if (changed.length === 0) return;
  const refused = (await findFarmsAssignedOrNot(db, caller, [...new Set(changed)])).find((f) => !f.assigned);
  if (refused) throw forbidden(USER_MESSAGES.farmNotAssignable(refused.farmName));
}
