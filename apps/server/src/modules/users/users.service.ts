/**
 * Rules of the users tab (spec 01, sections 2.6, 2.7, 4.3, 5.1, 8.2): listing, reading, creating,
 * saving, deleting, unblocking and linking users of the current organisation, and assigning them
 * roles, farms and packhouses there.
 *
 * - Another organisation's user answers 404, exactly like an id that does not exist.
 * - Escalation guard: a caller may add or remove only roles whose permissions they hold
 *   themselves; without roles.view only their own roles. Roles of another organisation are 404.
 * - A user who also belongs to other organisations keeps their user name, e-mail and enabled
 *   state unless they change them themselves: an administrator of one organisation cannot take
 *   over an account another organisation relies on (e.g. by changing its e-mail, then resetting).
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

/** Does the error (or one it wraps: driver, Drizzle) carry this Postgres error code? */
function hasPgCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
const isUniqueViolation = (err: unknown) => hasPgCode(err, '23505');
const isForeignKeyViolation = (err: unknown) => hasPgCode(err, '23503');

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

export async function listSystemUsers(db: AppDb, caller: Caller, query: string, limit: number): Promise<SystemUser[]> {
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

/**
 * users.manage for anyone in the organisation; without it only yourself, and then not your
 * enabled state. roleIds / farmIds / packhouseIds need roles.assign / users.assignFarms /
 * users.assignPackhouses whoever is edited.
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

  const identityChanges = input.userName !== current.userName || input.email !== current.email || enabledChanges;
  if (identityChanges && !isSelf && (await countOtherMemberships(db, userId, caller.organizationId)) > 0) {
    throw forbidden(USER_MESSAGES.sharedUserProfile);
  }
  if (input.userName.toLowerCase() !== current.userName.toLowerCase() && (await isUserNameTaken(db, input.userName, userId))) {
    throw conflict(USER_MESSAGES.userNameTaken(input.userName));
  }
  const roleNames =
    input.roleIds === undefined ? undefined : await checkRoleChange(db, caller, current.roleIds, input.roleIds);
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
          verifiedHash: await verifyCurrentPassword(db, userId, input.currentPassword ?? ''),
          newHash: await hashPassword(input.newPassword ?? ''),
          keepFamily: await presentedFamily(db, userId, passwordContext.presentedRefreshToken, now),
          config: passwordContext.config,
        }
      : null;

  let replacement: ReplacementSession | null = null;
  try {
    await db.transaction(async (tx) => {
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

/** Replaces the user's roles in this organisation (roles.assign, escalation guard). */
export async function setUserRoles(
  db: AppDb,
  caller: Caller,
  userId: number,
  roleIds: number[],
  version?: number,
): Promise<User> {
  const current = await loadMember(db, caller.organizationId, userId);
  if (version !== undefined && version !== current.version) throw staleVersion();
  const roleNames = await checkRoleChange(db, caller, current.roleIds, roleIds);
  const ids = [...roleNames.keys()];
  await db.transaction(async (tx) => {
    if (!(await bumpUserVersion(tx, userId, version))) throw staleVersion();
    if (sameSet(ids, current.roleIds)) return;
    await replaceUserRoles(tx, caller.organizationId, userId, ids);
    await notifyUsers(tx, {
      userIds: [userId],
      organizationId: caller.organizationId,
      ...rolesChangedNotice([...roleNames.values()].sort((a, b) => a.localeCompare(b, 'en'))),
    });
  });
  return loadMember(db, caller.organizationId, userId);
}

/** Replaces the user's farms in this organisation (users.assignFarms; only this organisation's farms). */
export async function setUserFarms(
  db: AppDb,
  caller: Caller,
  userId: number,
  farmIds: number[],
  version?: number,
): Promise<User> {
  const current = await loadMember(db, caller.organizationId, userId);
  if (version !== undefined && version !== current.version) throw staleVersion();
  const ids = await checkFarms(db, caller.organizationId, farmIds);
  await db.transaction(async (tx) => {
    if (!(await bumpUserVersion(tx, userId, version))) throw staleVersion();
    await replaceUserFarms(tx, caller.organizationId, userId, ids);
  });
  return loadMember(db, caller.organizationId, userId);
}

/** Replaces the user's packhouses here (users.assignPackhouses; packhouses linked to or owned by it). */
export async function setUserPackhouses(
  db: AppDb,
  caller: Caller,
  userId: number,
  packhouseIds: number[],
  version?: number,
): Promise<User> {
  const current = await loadMember(db, caller.organizationId, userId);
  if (version !== undefined && version !== current.version) throw staleVersion();
  const ids = await checkPackhouses(db, caller.organizationId, packhouseIds);
  await db.transaction(async (tx) => {
    if (!(await bumpUserVersion(tx, userId, version))) throw staleVersion();
    await replaceUserPackhouses(tx, caller.organizationId, userId, ids);
  });
  return loadMember(db, caller.organizationId, userId);
}

// --- delete, unblock, link --------------------------------------------------------------------

/**
 * Removes the user from this organisation (membership, roles, farms and packhouses here). The
 * account itself is deleted only when it belongs to no other organisation. You cannot delete
 * yourself.
 */
export async function deleteUser(db: AppDb, caller: Caller, userId: number): Promise<void> {
  const row = await findMemberUser(db, caller.organizationId, userId);
  if (!row) throw userNotFound();
  if (userId === caller.userId) {
    throw validationFailed(USER_MESSAGES.cannotDeleteSelf, [{ field: 'id', message: USER_MESSAGES.cannotDeleteSelf }]);
  }
  await db.transaction(async (tx) => {
    await removeFromOrganization(tx, caller.organizationId, userId);
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

/** Lifts a lockout: no lockout end, failure count back to 0 (users.manage). */
export async function unblockUser(db: AppDb, caller: Caller, userId: number): Promise<User> {
  await loadMember(db, caller.organizationId, userId);
  await clearLockout(db, userId);
  return loadMember(db, caller.organizationId, userId);
}

/** Makes an existing system user a member of this organisation (users.linkOrganisation). */
export async function linkUser(db: AppDb, caller: Caller, userId: number): Promise<User> {
  const user = await findSystemUser(db, userId);
  if (!user) throw userNotFound();
  if (await isMember(db, userId, caller.organizationId)) throw conflict(USER_MESSAGES.alreadyMember);
  await insertMembership(db, userId, caller.organizationId);
  return loadMember(db, caller.organizationId, userId);
}
