/**
 * Rules of the users tab (spec 01, sections 2.6, 2.7, 4.3, 5.1, 8.2): listing, reading, creating,
 * saving, deleting, unblocking and linking users of the current organisation, and assigning them
 * roles, farms and packhouses there.
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
 * - Only super users search and link users of other organisations (and, inside the organisation,
 *   they still need users.linkOrganisation).
 * - The organisation keeps at least one enabled member who holds every permission (409; see
 *   roles/privilege-guard). These checks run in the change's transaction under the organisation's
 *   row lock, so concurrent changes cannot together break them.
 * - Saves of a user with roles, farms and packhouses run in one transaction; users.version gives
 *   optimistic concurrency (412 on a stale version).
 */
import {
  PERMISSIONS,
  USER_MESSAGES,
  passwordChangeIssues,
  type FarmOption,
  type PackhouseOption,
  type Permission,
  type SystemUser,
  type User,
  type UserListResponse,
  type UserListRole,
} from '@orchard/shared';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import {
  applyPasswordChange,
  presentedFamily,
  verifyCurrentPassword,
  type ReplacementSession,
} from '../account/account.service';
import { notifyUsers } from '../notifications/notifications.service';
import {
  findUserOrganizationIds,
  findUserPermissions,
  keepingFullMember,
  lockOrganizations,
  permissionsLacking,
} from '../roles/privilege-guard';
import {
  bumpUserVersion,
  clearLockout,
  countOtherMemberships,
  deleteAvatarBlob,
  deleteUserRow,
  findAssignments,
  findFarmIdsInOrganization,
  findFarmOptions,
  findMemberUser,
  findMemberUsers,
  findOrganizationRoles,
  findPackhouseIdsForOrganization,
  findPackhouseOptions,
  findRolePermissions,
  findRolesInOrganization,
  findSystemUser,
  findUserRoleIds,
  insertMembership,
  insertUser,
  isMember,
  isUserNameTaken,
  removeFromOrganization,
  replaceUserFarms,
  replaceUserPackhouses,
  replaceUserRoles,
  searchSystemUsers,
  updateUserProfile,
  type UserAssignments,
  type UserRow,
} from './users.repository';

/** Who is asking, inside which organisation, holding which permissions there. */
export interface Caller {
  userId: number;
  /** the session of the caller's access token */
  sessionId: string;
  /** a platform operator (DOMAIN.md): the only callers who act across organisations */
  isSuperUser: boolean;
  organizationId: number;
  permissions: ReadonlySet<string>;
}

const can = (caller: Caller, permission: Permission) => caller.permissions.has(permission);

export const staleVersion = () => new AppError('PRECONDITION_FAILED', USER_MESSAGES.staleVersion);
const userNotFound = () => notFound('User');

function toUser(row: UserRow, assignments: UserAssignments | undefined, now: Date): User {
  return {
    id: row.id,
    userName: row.userName,
    email: row.email,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    phoneNumber: row.phoneNumber,
    avatar: row.avatarBlobId,
    roles: assignments?.roles.map((r) => r.name) ?? [],
    roleIds: assignments?.roles.map((r) => r.id) ?? [],
    farms: assignments?.farmIds ?? [],
    packhouses: assignments?.packhouseIds ?? [],
    isEnabled: row.isEnabled,
    isLockedOut: row.lockoutEnd !== null && row.lockoutEnd.getTime() > now.getTime(),
    inOtherOrganizations: row.inOtherOrganizations,
    version: row.version,
  };
}

/** A member of the caller's organisation, with their assignments there; 404 otherwise. */
export async function loadMember(db: AppDb, organizationId: number, userId: number, now = new Date()): Promise<User> {
  const row = await findMemberUser(db, organizationId, userId);
  if (!row) throw userNotFound();
  const assignments = await findAssignments(db, organizationId, [row.id]);
  return toUser(row, assignments.get(row.id), now);
}

// --- who may act on whom ----------------------------------------------------------------------

/**
 * The caller with their permissions in the organisation as they are now (read in the change's
 * transaction, after the organisation's lock), rather than as the access cache last saw them.
 */
async function currentCaller(tx: AppDb, caller: Caller): Promise<Caller> {
  return { ...caller, permissions: await findUserPermissions(tx, caller.organizationId, caller.userId) };
}

/** 403 when the member holds, in this organisation, a permission the caller lacks. */
async function assertNotAboveCaller(db: AppDb, caller: Caller, userId: number): Promise<void> {
  if (userId === caller.userId) return;
  const held = await findUserPermissions(db, caller.organizationId, userId);
  if (permissionsLacking(caller.permissions, held).length > 0) throw forbidden(USER_MESSAGES.userAboveCaller);
}

/** 403 when the member also belongs to another organisation and the caller is neither them nor a super user. */
async function assertIdentityIsCallers(db: AppDb, caller: Caller, userId: number): Promise<void> {
  if (userId === caller.userId || caller.isSuperUser) return;
  if ((await countOtherMemberships(db, userId, caller.organizationId)) > 0) throw forbidden(USER_MESSAGES.sharedUserProfile);
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
function assertSuperUser(caller: Caller): void {
  if (!caller.isSuperUser) throw forbidden(USER_MESSAGES.superUserOnly);
}

// --- escalation guard -------------------------------------------------------------------------

/**
 * The roles of the organisation the caller may assign: those whose permissions they all hold,
 * and without roles.view only the caller's own roles.
 */
async function assignableRoleIds(db: AppDb, caller: Caller, roleIds: number[]): Promise<Set<number>> {
  if (!can(caller, PERMISSIONS.rolesView)) {
    const own = new Set(await findUserRoleIds(db, caller.organizationId, caller.userId));
    return new Set(roleIds.filter((id) => own.has(id)));
  }
  const pairs = await findRolePermissions(db, roleIds);
  const notHeld = new Set(pairs.filter((p) => !caller.permissions.has(p.permission)).map((p) => p.roleId));
  return new Set(roleIds.filter((id) => !notHeld.has(id)));
}

/**
 * Checks a change of a user's roles from `current` to `requested`: every requested role must be
 * the organisation's (404 otherwise) and every added or removed role assignable by the caller (403).
 * Returns the requested roles' names by id.
 */
async function checkRoleChange(
  db: AppDb,
  caller: Caller,
  current: number[],
  requested: number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(requested)];
  const found = await findRolesInOrganization(db, caller.organizationId, unique);
  if (found.length !== unique.length) throw notFound('Role');
  const names = new Map(found.map((r) => [r.id, r.name]));
  const currentSet = new Set(current);
  const requestedSet = new Set(unique);
  const changed = [...unique.filter((id) => !currentSet.has(id)), ...current.filter((id) => !requestedSet.has(id))];
  if (changed.length === 0) return names;
  const assignable = await assignableRoleIds(db, caller, changed);
  const refused = changed.find((id) => !assignable.has(id));
  if (refused !== undefined) {
    const name = names.get(refused) ?? (await findRolesInOrganization(db, caller.organizationId, [refused]))[0]?.name ?? '';
    throw forbidden(USER_MESSAGES.roleNotAssignable(name));
  }
  return names;
}

async function checkFarms(db: AppDb, organizationId: number, farmIds: number[]): Promise<number[]> {
  const unique = [...new Set(farmIds)];
  const found = await findFarmIdsInOrganization(db, organizationId, unique);
  if (found.length !== unique.length) throw notFound('Farm');
  return unique;
}

async function checkPackhouses(db: AppDb, organizationId: number, packhouseIds: number[]): Promise<number[]> {
  const unique = [...new Set(packhouseIds)];
  const found = await findPackhouseIdsForOrganization(db, organizationId, unique);
  if (found.length !== unique.length) throw notFound('Packhouse');
  return unique;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

function rolesChangedNotice(roleNames: string[]) {
  return {
    header: 'Your roles have changed',
    body:
      roleNames.length > 0
        ? `Your roles in this organisation are now: ${roleNames.join(', ')}.`
        : 'You no longer hold any roles in this organisation.',
  };
}

// --- reading ----------------------------------------------------------------------------------

export async function listUsers(db: AppDb, caller: Caller, now = new Date()): Promise<UserListResponse> {
  const rows = await findMemberUsers(db, caller.organizationId);
  const assignments = await findAssignments(db, caller.organizationId, rows.map((r) => r.id));
  const users = rows.map((r) => toUser(r, assignments.get(r.id), now));
  if (!can(caller, PERMISSIONS.rolesView)) return { users, roles: null };
  const roleRows = await findOrganizationRoles(db, caller.organizationId);
  const assignable = await assignableRoleIds(db, caller, roleRows.map((r) => r.id));
  const roles: UserListRole[] = roleRows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    usersCount: Number(r.usersCount),
    isAssignable: assignable.has(r.id),
  }));
  return { users, roles };
}

/** users.view, or the caller themselves. */
export async function getUser(db: AppDb, caller: Caller, userId: number): Promise<User> {
  const user = await loadMember(db, caller.organizationId, userId);
  if (userId !== caller.userId && !can(caller, PERMISSIONS.usersView)) throw forbidden();
  return user;
}

/** Super users holding users.linkOrganisation here: the link autocomplete. */
export async function listSystemUsers(db: AppDb, caller: Caller, query: string, limit: number): Promise<SystemUser[]> {
  assertSuperUser(caller);
  return searchSystemUsers(db, caller.organizationId, query, limit);
}

export async function listFarmOptions(db: AppDb, caller: Caller): Promise<FarmOption[]> {
  const rows = await findFarmOptions(db, caller.organizationId);
  return rows.map((r) => ({ id: r.id, farm_Name: r.farmName, area_Name: r.areaName }));
}

export async function listPackhouseOptions(db: AppDb, caller: Caller): Promise<PackhouseOption[]> {
  return findPackhouseOptions(db, caller.organizationId);
}

// --- creating and saving ----------------------------------------------------------------------

export interface CreateUserInput {
  userName: string;
  email: string;
  password: string;
  fullName?: string | null | undefined;
  jobTitle?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  isEnabled: boolean;
  roleIds: number[];
  farmIds?: number[] | undefined;
  packhouseIds?: number[] | undefined;
}

/** users.manage + roles.assign (route policy); farms and packhouses need their assign permission. */
export async function createUser(db: AppDb, caller: Caller, input: CreateUserInput): Promise<User> {
  if (input.farmIds?.length && !can(caller, PERMISSIONS.usersAssignFarms)) throw forbidden();
  if (input.packhouseIds?.length && !can(caller, PERMISSIONS.usersAssignPackhouses)) throw forbidden();
  const roleNames = await checkRoleChange(db, caller, [], input.roleIds);
  const farmIds = await checkFarms(db, caller.organizationId, input.farmIds ?? []);
  const packhouseIds = await checkPackhouses(db, caller.organizationId, input.packhouseIds ?? []);
  if (await isUserNameTaken(db, input.userName)) throw conflict(USER_MESSAGES.userNameTaken(input.userName));
  const passwordHash = await hashPassword(input.password);

  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        userName: input.userName,
        email: input.email,
        passwordHash,
        fullName: input.fullName ?? null,
        jobTitle: input.jobTitle ?? null,
        phoneNumber: input.phoneNumber ?? null,
        isEnabled: input.isEnabled,
        lastOrganizationId: caller.organizationId,
      });
      await insertMembership(tx, id, caller.organizationId);
      const roleIds = [...roleNames.keys()];
      await replaceUserRoles(tx, caller.organizationId, id, roleIds);
      await replaceUserFarms(tx, caller.organizationId, id, farmIds);
      await replaceUserPackhouses(tx, caller.organizationId, id, packhouseIds);
      await notifyUsers(tx, {
        userIds: [id],
        organizationId: caller.organizationId,
        ...rolesChangedNotice([...roleNames.values()].sort((a, b) => a.localeCompare(b, 'en'))),
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USER_MESSAGES.userNameTaken(input.userName));
    throw err;
  }
  return loadMember(db, caller.organizationId, userId);
}

export interface UpdateUserInput {
  version: number;
  userName: string;
  email: string;
  fullName?: string | null | undefined;
  jobTitle?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  isEnabled?: boolean | undefined;
  roleIds?: number[] | undefined;
  farmIds?: number[] | undefined;
  packhouseIds?: number[] | undefined;
  /** with newPassword: changing your own password in the same save (the editor's changing-password mode) */
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
  confirmPassword?: string | undefined;
}

/** What a password change in the save needs from the request: the config and the refresh cookie, if any. */
export interface PasswordChangeContext {
  config: AppConfig;
  presentedRefreshToken?: string | undefined;
}

export interface UpdateUserResult {
  user: User;
  /** a new refresh session for the caller when the save changed their password without the cookie */
  replacement: ReplacementSession | null;
}

/** Does the save change any part of the person's identity (not their place in this organisation)? */
function identityChanges(current: User, input: UpdateUserInput, enabledChanges: boolean): boolean {
  const differs = (next: string | null | undefined, now: string | null) => next !== undefined && next !== now;
  return (
    input.userName !== current.userName ||
    input.email !== current.email ||
    differs(input.fullName, current.fullName) ||
    differs(input.jobTitle, current.jobTitle) ||
    differs(input.phoneNumber, current.phoneNumber) ||
    enabledChanges ||
    input.newPassword !== undefined
  );
}

/**
 * users.manage for anyone in the organisation; without it only yourself, and then not your
 * enabled state. roleIds / farmIds / packhouseIds need roles.assign / users.assignFarms /
 * users.assignPackhouses whoever is edited. Someone else is saved only when they hold nothing
 * here the caller lacks; their identity only when it is this organisation's alone (or the caller
 * is a super user); disabling or a role change must leave every organisation of theirs a member
 * who holds every permission (409).
 *
 * newPassword changes your own password with the rest of the save (one transaction): the current
 * password must verify ('Incorrect password.', details currentPassword 'Current password is
 * incorrect'), the rules of passwordChangeIssues hold (400 with the field's message), and your
 * other sessions end as with the account's change-password call. For anyone else it is 403.
 */
export async function updateUser(
  db: AppDb,
  caller: Caller,
  userId: number,
  input: UpdateUserInput,
  passwordContext: PasswordChangeContext,
): Promise<UpdateUserResult> {
  const current = await loadMember(db, caller.organizationId, userId);
  const isSelf = userId === caller.userId;
  const canManage = can(caller, PERMISSIONS.usersManage);
  if (!canManage && !isSelf) throw forbidden();
  const changesPassword = input.newPassword !== undefined;
  if (changesPassword && !isSelf) throw forbidden(USER_MESSAGES.passwordOnlySelf);
  const enabledChanges = input.isEnabled !== undefined && input.isEnabled !== current.isEnabled;
  if (enabledChanges && !canManage) throw forbidden();
  if (enabledChanges && isSelf && input.isEnabled === false) {
    throw validationFailed(USER_MESSAGES.cannotDisableSelf, [{ field: 'isEnabled', message: USER_MESSAGES.cannotDisableSelf }]);
  }
  if (input.roleIds !== undefined && !can(caller, PERMISSIONS.rolesAssign)) throw forbidden();
  if (input.farmIds !== undefined && !can(caller, PERMISSIONS.usersAssignFarms)) throw forbidden();
  if (input.packhouseIds !== undefined && !can(caller, PERMISSIONS.usersAssignPackhouses)) throw forbidden();
  if (current.version !== input.version) throw staleVersion();

  const changesIdentity = identityChanges(current, input, enabledChanges);
  if (changesIdentity) await assertIdentityIsCallers(db, caller, userId);
  if (input.userName.toLowerCase() !== current.userName.toLowerCase() && (await isUserNameTaken(db, input.userName, userId))) {
    throw conflict(USER_MESSAGES.userNameTaken(input.userName));
  }
  const farmIds = input.farmIds === undefined ? undefined : await checkFarms(db, caller.organizationId, input.farmIds);
  const packhouseIds =
    input.packhouseIds === undefined ? undefined : await checkPackhouses(db, caller.organizationId, input.packhouseIds);

  // the body schema holds these rules already; checked again so no other caller can skip them
  const passwordIssues = passwordChangeIssues(input);
  if (passwordIssues.length > 0) throw validationFailed('The request is not valid', passwordIssues);
  const now = new Date();
  const password =
    changesPassword
      ? {
          verifiedHash: await verifyCurrentPassword(db, passwordContext.config, userId, input.currentPassword ?? ''),
          newHash: await hashPassword(input.newPassword ?? ''),
          keepFamily: await presentedFamily(db, userId, passwordContext.presentedRefreshToken, now, caller.sessionId),
          config: passwordContext.config,
        }
      : null;

  // the enabled state is the account's: disabling it counts in every organisation of theirs
  const disables = enabledChanges && input.isEnabled === false;
  const guarded = disables
    ? [caller.organizationId, ...(await findUserOrganizationIds(db, userId))]
    : [caller.organizationId];

  let replacement: ReplacementSession | null = null;
  try {
    await db.transaction(async (tx) => {
      await lockOrganizations(tx, guarded);
      const acting = await currentCaller(tx, caller);
      await assertNotAboveCaller(tx, acting, userId);
      // a link to another organisation made since the check above counts too
      if (changesIdentity) await assertIdentityIsCallers(tx, caller, userId);
      const roleNames =
        input.roleIds === undefined ? undefined : await checkRoleChange(tx, acting, current.roleIds, input.roleIds);
      await keepingFullMember(tx, guarded, async () => {
        const saved = await updateUserProfile(tx, userId, input.version, {
          userName: input.userName,
          email: input.email,
          ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
          ...(input.jobTitle !== undefined ? { jobTitle: input.jobTitle } : {}),
          ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
          ...(input.isEnabled !== undefined ? { isEnabled: input.isEnabled } : {}),
        });
        if (!saved) throw staleVersion();
        if (roleNames && !sameSet([...roleNames.keys()], current.roleIds)) {
          await replaceUserRoles(tx, caller.organizationId, userId, [...roleNames.keys()]);
          await notifyUsers(tx, {
            userIds: [userId],
            organizationId: caller.organizationId,
            ...rolesChangedNotice([...roleNames.values()].sort((a, b) => a.localeCompare(b, 'en'))),
          });
        }
      });
      if (farmIds) await replaceUserFarms(tx, caller.organizationId, userId, farmIds);
      if (packhouseIds) await replaceUserPackhouses(tx, caller.organizationId, userId, packhouseIds);
      if (password) {
        replacement = await applyPasswordChange(
          tx,
          password.config,
          userId,
          password.verifiedHash,
          password.newHash,
          password.keepFamily,
          now,
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USER_MESSAGES.userNameTaken(input.userName));
    throw err;
  }
  return { user: await loadMember(db, caller.organizationId, userId), replacement };
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
    const roleNames = await checkRoleChange(tx, acting, current.roleIds, roleIds);
    const ids = [...roleNames.keys()];
    if (!(await bumpUserVersion(tx, userId, version))) throw staleVersion();
    if (sameSet(ids, current.roleIds)) return;
    await keepingFullMember(tx, [caller.organizationId], () => replaceUserRoles(tx, caller.organizationId, userId, ids));
    await notifyUsers(tx, {
      userIds: [userId],
      organizationId: caller.organizationId,
      ...rolesChangedNotice([...roleNames.values()].sort((a, b) => a.localeCompare(b, 'en'))),
    });
  });
}

/** Replaces the user's farms in this organisation (users.assignFarms; only this organisation's farms). */
export async function setUserFarms(
  db: AppDb,
  caller: Caller,
  userId: number,
  farmIds: number[],
  version?: number,
): Promise<User> {
  const ids = await checkFarms(db, caller.organizationId, farmIds);
  return changeMember(db, caller, userId, version, async (tx) => {
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

// --- delete, unblock, link --------------------------------------------------------------------

/**
 * Removes the user from this organisation (membership, roles, farms and packhouses here). The
 * account itself is deleted only when it belongs to no other organisation: a user shared with
 * another organisation only leaves this one. You cannot delete yourself, nor someone who holds a
 * permission here you lack (403), nor the last enabled member holding every permission (409).
 */
export async function deleteUser(db: AppDb, caller: Caller, userId: number): Promise<void> {
  const row = await findMemberUser(db, caller.organizationId, userId);
  if (!row) throw userNotFound();
  if (userId === caller.userId) {
    throw validationFailed(USER_MESSAGES.cannotDeleteSelf, [{ field: 'id', message: USER_MESSAGES.cannotDeleteSelf }]);
  }
  await db.transaction(async (tx) => {
    await lockOrganizations(tx, [caller.organizationId]);
    // removed meanwhile by someone else: gone, as for any id that is not a member
    if (!(await findMemberUser(tx, caller.organizationId, userId))) throw userNotFound();
    await assertNotAboveCaller(tx, await currentCaller(tx, caller), userId);
    await keepingFullMember(tx, [caller.organizationId], () => removeFromOrganization(tx, caller.organizationId, userId));
    if ((await countOtherMemberships(tx, userId, caller.organizationId)) > 0) return;
    try {
      // a savepoint: rows elsewhere in the product may still name the user; then the account stays
      // (without organisations it cannot sign in to anything)
      await tx.transaction(async (sp) => {
        await deleteUserRow(sp, userId);
        if (row.avatarBlobId) await deleteAvatarBlob(sp, row.avatarBlobId);
      });
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
    }
  });
}

/**
 * Lifts a lockout: no lockout end, failure count back to 0 (users.manage). The lockout is part of
 * the person's identity: see assertMayManageIdentity.
 */
export async function unblockUser(db: AppDb, caller: Caller, userId: number): Promise<User> {
  await assertMayManageIdentity(db, caller, userId);
  await clearLockout(db, userId);
  return loadMember(db, caller.organizationId, userId);
}

/**
 * Makes an existing system user a member of this organisation: super users holding
 * users.linkOrganisation here (403 for anyone else, whatever the id).
 */
export async function linkUser(db: AppDb, caller: Caller, userId: number): Promise<User> {
  assertSuperUser(caller);
  const user = await findSystemUser(db, caller.organizationId, userId);
  if (!user) throw userNotFound();
  if (await isMember(db, userId, caller.organizationId)) throw conflict(USER_MESSAGES.alreadyMember);
  await insertMembership(db, userId, caller.organizationId);
  return loadMember(db, caller.organizationId, userId);
}
