/**
 * Creating, linking and saving users of the current organisation. Saves of a user with roles,
 * farms and packhouses run in one transaction; users.version gives optimistic concurrency (412 on
 * a stale version). The organisation keeps at least one enabled member who holds every permission
 * (409; see roles/privilege-guard): these checks run in the change's transaction under the
 * organisation's row lock, so concurrent changes cannot together break them.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { USER_MESSAGES, passwordChangeIssues, type User } from '@orchard/shared/users';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflict, forbidden, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import {
  applyPasswordChange,
  presentedFamily,
  verifyCurrentPassword,
  type ReplacementSession,
} from '../account/index';
import { findUserOrganizationIds, keepingFullMember, lockOrganizations } from '../roles/index';
import {
  insertMembership,
  insertUser,
  isMember,
  isSignInNameTaken,
  isUserNameIndexViolation,
  updateUserProfile,
} from './user-accounts.repository';
import { replaceUserFarms, replaceUserPackhouses, replaceUserRoles } from './user-assignments.repository';
import { findSystemUser } from './user-members.repository';
import {
  checkFarms,
  checkPackhouses,
  notifyRolesChanged,
  sameSet,
  staleVersion,
} from './user-assignments.service';
import { auditMember } from './user-audit';
import { loadMember } from './user-listing.service';
import {
  assertIdentityIsCallers,
  assertNotAboveCaller,
  assertSuperUser,
  can,
  checkFarmChange,
  checkRoleChange,
  currentCaller,
  userNotFound,
  type Caller,
} from './user-privileges';

/**
 * What a save's failed transaction answers: the user name taken by a save that reached its unique
 * index first (409 with the name); any other unique key a concurrent save of the same user wrote
 * first (their memberships, roles, farms or packhouses) 409 with the changed-by-someone-else
 * message, never the name's; anything else as it is.
 */
function savingConflict(err: unknown, userName: string): unknown {
  if (isUserNameIndexViolation(err)) return conflict(USER_MESSAGES.userNameTaken(userName));
  if (isUniqueViolation(err)) return conflict(USER_MESSAGES.staleVersion);
  return err;
}

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

/** users.manage + roles.assign (route policy); farms and packhouses need their assign permission, farms the caller's own. */
export async function createUser(db: AppDb, caller: Caller, input: CreateUserInput): Promise<User> {
  if (input.farmIds?.length && !can(caller, PERMISSIONS.usersAssignFarms)) throw forbidden();
  if (input.packhouseIds?.length && !can(caller, PERMISSIONS.usersAssignPackhouses)) throw forbidden();
  const roleNames = await checkRoleChange(db, caller, null, [], input.roleIds);
  const farmIds = await checkFarms(db, caller.organizationId, input.farmIds ?? []);
  await checkFarmChange(db, caller, [], farmIds);
  const packhouseIds = await checkPackhouses(db, caller.organizationId, input.packhouseIds ?? []);
  if (await isSignInNameTaken(db, input.userName)) throw conflict(USER_MESSAGES.userNameTaken(input.userName));
  if (await isSignInNameTaken(db, input.email)) throw conflict(USER_MESSAGES.emailTaken(input.email));
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
      await notifyRolesChanged(tx, caller.organizationId, id, roleNames);
      await auditMember(tx, caller, null, await loadMember(tx, caller.organizationId, id));
      return id;
    });
  } catch (err) {
    throw savingConflict(err, input.userName);
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
 * users.assignPackhouses whoever is edited (farms only the caller's own added or removed, see
 * checkFarmChange). Someone else is saved only when they hold nothing
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
  if (input.userName.toLowerCase() !== current.userName.toLowerCase() && (await isSignInNameTaken(db, input.userName, userId))) {
    throw conflict(USER_MESSAGES.userNameTaken(input.userName));
  }
  if (input.email.toLowerCase() !== current.email.toLowerCase() && (await isSignInNameTaken(db, input.email, userId))) {
    throw conflict(USER_MESSAGES.emailTaken(input.email));
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
        input.roleIds === undefined ? undefined : await checkRoleChange(tx, acting, userId, current.roleIds, input.roleIds);
      if (farmIds) await checkFarmChange(tx, acting, current.farms, farmIds);
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
          await notifyRolesChanged(tx, caller.organizationId, userId, roleNames);
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
      await auditMember(tx, caller, current, await loadMember(tx, caller.organizationId, userId));
    });
  } catch (err) {
    throw savingConflict(err, input.userName);
  }
  return { user: await loadMember(db, caller.organizationId, userId), replacement };
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
  await db.transaction(async (tx) => {
    await insertMembership(tx, userId, caller.organizationId);
    await auditMember(tx, caller, null, await loadMember(tx, caller.organizationId, userId));
  });
  return loadMember(db, caller.organizationId, userId);
}
