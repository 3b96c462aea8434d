/**
 * Password resets. An administrator never chooses the password: they have a one-time link mailed
 * to the user (32 random bytes, only the SHA-256 stored, valid 24 hours, earlier unused links of
 * the user invalidated). The link opens the web app's reset page, which checks the link and then
 * sets the new password with it. Sending a link ends the user's sessions at once (a reset is what an
 * administrator reaches for when an account may be in someone else's hands; an administrator
 * resetting their own keeps the session they are using). Using the link also lifts a lockout and
 * ends every session (refresh-token family) of the user. A new organisation's invited first
 * administrator gets the same kind of link, in a mail of its own (queueResetLink inside the
 * organisation's transaction), to choose their first password.
 */
import { createHash, randomBytes } from 'node:crypto';
import { APP_NAME } from '@orchard/shared/core';
import { USER_MESSAGES, type CompletePasswordResetBody } from '@orchard/shared/users';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { AppError, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { revokeRefreshTokens } from '../auth';
import { deliverMail, queueMail } from '../mail/index';
import { notifyUsers } from '../notifications/index';
import {
  consumeResetToken,
  findUsableResetToken,
  insertResetToken,
  invalidateUnusedResetTokens,
  revokeAllRefreshTokens,
  setPasswordAndUnlock,
} from './password-reset.repository';

export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_MAIL_SUBJECT = `${APP_NAME}: reset your password`;
export const RESET_PAGE_PATH = '/reset-password';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

function resetMailText(name: string, userName: string, link: string): string {
  return [
    `Hello ${name},`,
    '',
    `A password reset was requested for your ${APP_NAME} account (${userName}).`,
    'Open this link to choose a new password:',
    '',
    link,
    '',
    'The link works once and expires in 24 hours. If you did not expect this email, you can ignore it;',
    'your password stays as it is.',
  ].join('\n');
}

const invalidLink = () =>
  validationFailed(USER_MESSAGES.resetLinkInvalid, [{ field: 'token', message: USER_MESSAGES.resetLinkInvalid }]);

/** Whom a reset link is mailed to, and the session of theirs that stays signed in (their own request). */
export interface ResetLinkRecipient {
  userId: number;
  email: string;
  userName: string;
  fullName: string | null;
  /** the refresh-token family kept when users reset their own password; every other one is revoked */
  keepSessionFamily: string | null;
}

/** What the mailed link is for: a reset an administrator asked for, or a new account's first password. */
export type ResetLinkPurpose = { kind: 'reset' } | { kind: 'invitation'; organizationName: string };

export const INVITATION_MAIL_SUBJECT = `${APP_NAME}: choose your password`;

function invitationMailText(name: string, userName: string, organizationName: string, link: string): string {
  return [
    `Hello ${name},`,
    '',
    `An ${APP_NAME} account (${userName}) was made for you as the administrator of ${organizationName}.`,
    'Open this link to choose your password, then sign in with your user name or this email address:',
    '',
    link,
    '',
    'The link works once and expires in 24 hours. When it has expired, ask the person who made your',
    'account to send you a new one (Reset Password).',
  ].join('\n');
}

/**
 * Inside the caller's transaction: a one-time link for the user (their other sessions end and earlier
 * unused links stop working) and its mail queued. Answers the queued mail's id, which the caller
 * delivers after the commit (deliverMail): delivery talks to the network.
 */
export async function queueResetLink(
  tx: AppDb,
  config: AppConfig,
  to: ResetLinkRecipient,
  now = new Date(),
  purpose: ResetLinkPurpose = { kind: 'reset' },
): Promise<number> {
  const token = randomBytes(32).toString('base64url');
  await revokeRefreshTokens(tx, { userId: to.userId, exceptFamilyId: to.keepSessionFamily }, now);
  await invalidateUnusedResetTokens(tx, to.userId, now);
  await insertResetToken(tx, {
    userId: to.userId,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = resetLink(config.publicUrl, token);
  const name = to.fullName ?? to.userName;
  return queueMail(tx, {
    to: to.email,
    ...(purpose.kind === 'invitation'
      ? { subject: INVITATION_MAIL_SUBJECT, text: invitationMailText(name, to.userName, purpose.organizationName, link) }
      : { subject: RESET_MAIL_SUBJECT, text: resetMailText(name, to.userName, link) }),
  });
}

/**
 * Mails the user a one-time link (the caller has decided they may: users.resetPassword): the link
 * and its mail in one transaction, delivered after the commit.
 */
export async function sendResetLink(
  db: AppDb,
  config: AppConfig,
  log: FastifyBaseLogger,
  to: ResetLinkRecipient,
  now = new Date(),
): Promise<void> {
  const mailId = await db.transaction((tx) => queueResetLink(tx, config, to, now));
  await deliverMail(db, config, log, mailId);
}

/** Public: is the link still usable? 404 when it is unknown, used or expired. */
export async function checkResetToken(db: AppDb, token: string, now = new Date()) {
  const row = await findUsableResetToken(db, hashResetToken(token), now);
  if (!row) throw new AppError('NOT_FOUND', USER_MESSAGES.resetLinkInvalid);
  return { userName: row.userName, expiresAt: row.expiresAt.toISOString() };
}

/** Public: sets the new password with a usable link, once. */
export async function completePasswordReset(db: AppDb, body: CompletePasswordResetBody, now = new Date()): Promise<void> {
  const tokenHash = hashResetToken(body.token);
  // cheap check first, so unknown links do not cost a password hash
  if (!(await findUsableResetToken(db, tokenHash, now))) throw invalidLink();
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash, now);
    if (userId === null) throw invalidLink();
    await setPasswordAndUnlock(tx, userId, passwordHash);
    await invalidateUnusedResetTokens(tx, userId, now);
    await revokeAllRefreshTokens(tx, userId, now);
    await notifyUsers(tx, {
      userIds: [userId],
      organizationId: null,
      header: 'Your password was reset',
      body: 'Your password was changed with a password reset link. If this was not you, contact your administrator.',
    });
  });
}
