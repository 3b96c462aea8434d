/**
 * Changing one's own password (docs/domain.md, Own password).
 *
 * Error contract (the usual envelope, 400 VALIDATION_FAILED unless noted):
 * - the body rules (CHANGE_PASSWORD_MESSAGES): currentPassword 'Current Password is required';
 *   newPassword 'New password is required (minimum of 6 characters)'; confirmPassword
 *   'Confirmation password is required' or 'New password and confirmation password do not match';
 *   newPassword equal to currentPassword 'New Password cannot match your old password'
 *   (details[].field names the field; error.message 'The request is not valid');
 * - the current password does not verify: error.message 'Incorrect password.', details
 *   [{ field: 'currentPassword', message: 'Current password is incorrect' }] (the browser shows
 *   "Password Mismatch: Current Password is incorrect");
 * - too many attempts: 429 RATE_LIMITED (route limit per user).
 *
 * On success every other session ends: the user's refresh-token families are revoked except the
 * caller's own, known from the refresh cookie (or token) when presented, else from the access
 * token's session. Only when neither is live is every family revoked and the caller given a fresh
 * one (a new refresh cookie), keeping this browser signed in.
 */
import { CHANGE_PASSWORD_MESSAGES } from '@orchard/shared/account';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { preconditionFailed, unauthenticated, validationFailed } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { clearWrongPasswords, countWrongPassword, findPresentedRefreshToken, startSession } from '../auth/index';
import {
  findLatestLiveRefreshToken,
  findPasswordState,
  isLiveFamily,
  replacePasswordHash,
  revokeRefreshFamiliesExcept,
} from './account.repository';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** A replacement refresh session for the caller, to be set as the refresh cookie. */
export interface ReplacementSession {
  refreshToken: string;
  rememberMe: boolean;
  expiresAt: Date;
}

const incorrectPassword = () =>
  validationFailed(CHANGE_PASSWORD_MESSAGES.incorrect, [
    { field: 'currentPassword', message: CHANGE_PASSWORD_MESSAGES.currentIncorrect },
  ]);

/** Same hashing as the token endpoint (SHA-256 hex of the opaque token). */

/**
 * Verifies the user's current password; returns the stored hash it verified against. A wrong one
 * counts towards the account's lockout like a failed sign-in (in the database, so on every
 * instance); while the account is locked out no current password is accepted, so a stolen session
 * cannot be used to guess it.
 */
export async function verifyCurrentPassword(
  db: AppDb,
  config: AppConfig,
  userId: number,
  currentPassword: string,
): Promise<string> {
  const account = await findPasswordState(db, userId);
  if (!account) throw unauthenticated();
  const now = new Date();
  const matches = await verifyPassword(account.passwordHash, currentPassword);
  if (account.lockoutEnd && account.lockoutEnd > now) throw incorrectPassword();
  if (!matches) {
    await countWrongPassword(db, config, userId, now);
    throw incorrectPassword();
  }
  if (account.failedLoginCount > 0) await clearWrongPasswords(db, userId);
  return account.passwordHash;
}

/**
 * The caller's refresh-token family: the one of the refresh token they presented when it is a live
 * one of their own, else the session of their access token while it is live, else null.
 */
export async function presentedFamily(
  db: AppDb,
  userId: number,
  presentedRefreshToken: string | undefined,
  now: Date,
  callerSessionId?: string,
): Promise<string | null> {
  const presented = presentedRefreshToken ? await findPresentedRefreshToken(db, presentedRefreshToken) : null;
  if (presented && presented.userId === userId && !presented.revokedAt && !presented.replacedAt && presented.expiresAt > now) {
    return presented.familyId;
  }
  if (callerSessionId && (await isLiveFamily(db, userId, callerSessionId, now))) return callerSessionId;
  return null;
}

/**
 * Inside the caller's transaction: replaces the verified hash with the new one (412 when it changed
 * meanwhile) and ends the user's other sessions. Keeps the family `keepFamily`; without one every
 * family ends and the caller gets a replacement session.
 */
export async function applyPasswordChange(
  tx: AppDb,
  config: AppConfig,
  userId: number,
  verifiedHash: string,
  newHash: string,
  keepFamily: string | null,
  now: Date,
): Promise<ReplacementSession | null> {
  const latest = keepFamily === null ? await findLatestLiveRefreshToken(tx, userId, now) : null;
  if (!(await replacePasswordHash(tx, userId, verifiedHash, newHash))) {
    // Changed by a concurrent request since it was verified.
    throw preconditionFailed('The password was changed meanwhile; please try again', 'password-changed-meanwhile');
  }
  await revokeRefreshFamiliesExcept(tx, userId, keepFamily, now);
  if (keepFamily !== null) return null;
  const rememberMe = latest?.rememberMe ?? false;
  const expiresAt =
    latest?.expiresAt ??
    new Date(now.getTime() + (rememberMe ? config.rememberMeTtlDays * 86_400_000 : config.refreshTokenTtlHours * 3_600_000));
  const refreshToken = await startSession(tx, { userId, rememberMe, expiresAt });
  return { refreshToken, rememberMe, expiresAt };
}

export async function changeOwnPassword(
  db: AppDb,
  config: AppConfig,
  caller: { userId: number; sessionId: string },
  input: ChangePasswordInput,
  presentedRefreshToken: string | undefined,
): Promise<ReplacementSession | null> {
  const { userId } = caller;
  const currentHash = await verifyCurrentPassword(db, config, userId, input.currentPassword);
  const newHash = await hashPassword(input.newPassword);
  const now = new Date();
  const keepFamily = await presentedFamily(db, userId, presentedRefreshToken, now, caller.sessionId);
  return db.transaction((tx) => applyPasswordChange(tx, config, userId, currentHash, newHash, keepFamily, now));
}
