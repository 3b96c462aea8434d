/** Deleting a member of the current organisation, lifting a lockout, and mailing a password reset link. */
import { USER_MESSAGES, type User } from '@orchard/shared/users';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { isForeignKeyViolation } from '../../db/pg-errors';
import { notFound, validationFailed } from '../../lib/errors';
import { sendResetLink } from '../password-reset/index';
import { keepingFullMember, lockOrganizations } from '../roles/index';
import { deleteAvatarBlob } from './avatar.repository';
import { clearLockout, countOtherMemberships, deleteUserRow, removeFromOrganization } from './user-accounts.repository';
import { findMemberUser } from './user-members.repository';
import { auditMember } from './user-audit';
import { loadMember } from './user-listing.service';
import {
  assertMayManageIdentity,
  assertMayTakeFrom,
  assertNotAboveCaller,
  currentCaller,
  userNotFound,
  type Caller,
} from './user-privileges';

/**
 * Removes the user from this organisation (membership, roles, farms and packhouses here). The
 * account itself is deleted only when it belongs to no other organisation: a user shared with
 * another organisation only leaves this one. You cannot delete yourself, nor someone who holds a
 * permission here you lack (403), nor a super user unless you are one (403), nor the last enabled
 * member holding every permission (409).
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
    await assertMayTakeFrom(tx, caller, userId);
    const before = await loadMember(tx, caller.organizationId, userId);
    await keepingFullMember(tx, [caller.organizationId], () => removeFromOrganization(tx, caller.organizationId, userId));
    await auditMember(tx, caller, before, null);
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
  await db.transaction(async (tx) => {
    const before = await loadMember(tx, caller.organizationId, userId);
    await clearLockout(tx, userId);
    await auditMember(tx, caller, before, await loadMember(tx, caller.organizationId, userId));
  });
  return loadMember(db, caller.organizationId, userId);
}

/**
 * users.resetPassword: mails the member a one-time link; answers the address it went to. Callers
 * resetting their own password keep the session they ask from.
 */
export async function requestPasswordReset(
  db: AppDb,
  config: AppConfig,
  log: FastifyBaseLogger,
  caller: Caller,
  userId: number,
  now = new Date(),
): Promise<{ email: string }> {
  const user = await findMemberUser(db, caller.organizationId, userId);
  if (!user) throw notFound('User');
  const keepSessionFamily = userId === caller.userId ? caller.sessionId : null;
  await sendResetLink(db, config, log, { userId, email: user.email, userName: user.userName, fullName: user.fullName ?? null, keepSessionFamily }, now);
  return { email: user.email };
}
