/**
 * Sign-in rules: password and refresh-token grants, lockout, database-held rate limits and
 * refresh-token rotation with reuse detection.
 *
 * Error contract (all in the usual envelope):
 * - unknown user, wrong password, locked account: 401 UNAUTHENTICATED 'invalid_username_or_password',
 *   identical in every byte but requestId, and each after one argon2 verification;
 * - disabled account, correct password: 401 UNAUTHENTICATED 'invalid_grant';
 * - too many attempts from the address or against the account: 429 RATE_LIMITED;
 * - refresh with a token that is unknown, expired, revoked, of a disabled user, or replaced more
 *   than refreshReuseIntervalSeconds ago: 401 UNAUTHENTICATED with one message; the last two also
 *   revoke the token's whole family (a replaced token presented again means someone holds a copy).
 *
 * The reuse interval: a client whose refresh answer was lost (a mobile network), or two requests
 * sent at once, present the token that was just replaced. Within refreshReuseIntervalSeconds of its
 * first rotation such a token refreshes the session again: it gets a sibling, a new token of the same
 * family (session), not the successor it was given before. Only hashes of tokens are stored, so the
 * successor's value cannot be given again without keeping a readable copy of a live credential; a
 * sibling is as good to the client (same session, expiry and remember-me) and each one rotates, and
 * is revoked with the family, on its own. The interval counts from the first rotation, which is
 * never moved, so presenting the token again does not extend it; after it, reuse ends the family.
 *
 * Each presentation is decided in one transaction holding the token's row lock
 * (lockRefreshTokenByHash): two presentations at once, on one instance or two sharing the database,
 * are decided one after the other, the second seeing the first's rotation as committed. A revoked
 * or expired token, or one of a disabled user, is refused under that lock, so the interval never
 * revives a session that was ended (sign-out, reuse, password change or reset, disabling). Ending a
 * family repeats its update until no token of it is left live, so a sibling or successor committed
 * while it ran is ended too (revokeRefreshTokenFamily).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { LOGIN_ERROR_MESSAGES, type TokenResponse } from '@orchard/shared/auth';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getDummyHash, verifyPassword } from '../../lib/password';
import { signAccessToken } from '../../lib/tokens';
import {
  countRecentAttemptsByIp,
  countRecentFailuresForAccount,
  findRefreshTokenByHash,
  findUserByLogin,
  insertLoginEvent,
  insertRefreshToken,
  lockRefreshTokenByHash,
  markRefreshTokenReplaced,
  recordFailedPassword,
  resetFailedPasswords,
  revokeRefreshTokenFamily,
  type LoginFailureReason,
  type NewLoginEvent,
  type StoredRefreshToken,
} from './auth.repository';

/** How many of the most recent login events the per-address count looks at (see repository). */
const IP_SCAN_LIMIT = 10_000;

export const REFRESH_FAILED_MESSAGE = 'The session has expired, please sign in again';

const invalidCredentials = () => new AppError('UNAUTHENTICATED', LOGIN_ERROR_MESSAGES.invalidCredentials);
const accountDisabled = () => new AppError('UNAUTHENTICATED', LOGIN_ERROR_MESSAGES.disabled);
const tooManyAttempts = () => new AppError('RATE_LIMITED', 'Too many sign-in attempts, please try again later', undefined, 'sign-in-rate-limited');
export const refreshFailed = () => new AppError('UNAUTHENTICATED', REFRESH_FAILED_MESSAGE, undefined, 'session-expired');

/** What a successful grant produces: the JSON answer plus the refresh token for the cookie. */
export interface IssuedSession {
  response: TokenResponse;
  refreshToken: string;
  rememberMe: boolean;
  expiresAt: Date;
}

export interface PasswordGrantInput {
  username: string;
  password: string;
  rememberMe: boolean;
  clientFlag: string | null;
  ip: string | null;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashRefreshToken(token) };
}

/**
 * Counts a wrong password toward the lockout: lockoutMaxFailures in a row lock the account for
 * lockoutMinutes. Sign-in and Change Password share the rule.
 */
export async function countWrongPassword(db: AppDb, config: AppConfig, userId: number, now: Date): Promise<void> {
  await recordFailedPassword(db, userId, config.lockoutMaxFailures, new Date(now.getTime() + config.lockoutMinutes * 60_000));
}

/** A right password clears the count of wrong ones. */
export async function clearWrongPasswords(db: AppDb, userId: number): Promise<void> {
  await resetFailedPasswords(db, userId);
}

/** The stored refresh token a browser presented (whatever its state), or null. */
export async function findPresentedRefreshToken(db: AppDb, presented: string): Promise<StoredRefreshToken | null> {
  return findRefreshTokenByHash(db, hashRefreshToken(presented));
}

/** Starts a new session (refresh-token family) for the user; answers its first refresh token. */
export async function startSession(tx: AppDb, session: { userId: number; rememberMe: boolean; expiresAt: Date }): Promise<string> {
  const { token, tokenHash } = newRefreshToken();
  await insertRefreshToken(tx, { ...session, familyId: randomUUID(), tokenHash });
  return token;
}

async function accessTokenResponse(config: AppConfig, userId: number, sessionId: string): Promise<TokenResponse> {
  return {
    access_token: await signAccessToken(config, { userId, sessionId }),
    token_type: 'Bearer',
    expires_in: config.accessTokenTtlSeconds,
    user_id: userId,
  };
}

export async function signInWithPassword(db: AppDb, config: AppConfig, input: PasswordGrantInput): Promise<IssuedSession> {
  const now = new Date();
  const user = await findUserByLogin(db, input.username);
  const event = (success: boolean, failureReason: LoginFailureReason | null): NewLoginEvent => ({
    userId: user?.id ?? null,
    userNameAttempted: input.username,
    organizationId: success ? (user?.lastOrganizationId ?? null) : null,
    success,
    failureReason,
    clientFlag: input.clientFlag,
    ip: input.ip,
  });

  // Limits come first so a flood costs queries, not password hashing.
  const windowStart = new Date(now.getTime() - config.loginRateWindowSeconds * 1000);
  const [byIp, byAccount] = await Promise.all([
    input.ip ? countRecentAttemptsByIp(db, input.ip, windowStart, IP_SCAN_LIMIT) : Promise.resolve(0),
    countRecentFailuresForAccount(db, user ? { userId: user.id } : { userName: input.username }, windowStart),
  ]);
  if (byIp >= config.loginRateLimitPerIp || byAccount >= config.loginRateLimitPerAccount) {
    await insertLoginEvent(db, event(false, 'rate_limited'));
    throw tooManyAttempts();
  }

  if (!user) {
    await verifyPassword(await getDummyHash(), input.password);
    await insertLoginEvent(db, event(false, 'unknown_user'));
    throw invalidCredentials();
  }

  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (user.lockoutEnd && user.lockoutEnd > now) {
    // Verified anyway so a locked account costs the same as any other failure.
    await insertLoginEvent(db, event(false, 'locked'));
    throw invalidCredentials();
  }
  if (!passwordOk) {
    await db.transaction(async (tx) => {
      await countWrongPassword(tx, config, user.id, now);
      await insertLoginEvent(tx, event(false, 'bad_password'));
    });
    throw invalidCredentials();
  }
  if (!user.isEnabled) {
    await insertLoginEvent(db, event(false, 'disabled'));
    throw accountDisabled();
  }

  const expiresAt = input.rememberMe
    ? new Date(now.getTime() + config.rememberMeTtlDays * 86_400_000)
    : new Date(now.getTime() + config.refreshTokenTtlHours * 3_600_000);
  const { token, tokenHash } = newRefreshToken();
  const familyId = randomUUID();
  await db.transaction(async (tx) => {
    await resetFailedPasswords(tx, user.id);
    await insertRefreshToken(tx, {
      userId: user.id,
      familyId,
      tokenHash,
      rememberMe: input.rememberMe,
      expiresAt,
    });
    await insertLoginEvent(tx, event(true, null));
  });
  return {
    response: await accessTokenResponse(config, user.id, familyId),
    refreshToken: token,
    rememberMe: input.rememberMe,
    expiresAt,
  };
}

/**
 * Rotates a refresh token. The new token keeps the family, remember-me and the family's absolute
 * expiry: refreshing never extends a session beyond the lifetime chosen at sign-in. A token replaced
 * less than refreshReuseIntervalSeconds before `now` gets a sibling (see the header).
 */
export async function refreshSession(db: AppDb, config: AppConfig, presented: string | undefined, now: Date): Promise<IssuedSession> {
  if (!presented) throw refreshFailed();
  const { token, tokenHash } = newRefreshToken();
  const outcome = await db.transaction(async (tx): Promise<{ issued: StoredRefreshToken } | { revokeFamily: string | null }> => {
    const stored = await lockRefreshTokenByHash(tx, hashRefreshToken(presented));
    if (!stored || stored.revokedAt || stored.expiresAt <= now) return { revokeFamily: null };
    if (!stored.userIsEnabled) return { revokeFamily: stored.familyId };
    if (stored.replacedAt) {
      // A replaced token presented again: a retry or a twin request within the interval, else
      // someone holds a copy.
      const sinceRotation = now.getTime() - stored.replacedAt.getTime();
      if (sinceRotation >= config.refreshReuseIntervalSeconds * 1000) return { revokeFamily: stored.familyId };
    } else {
      await markRefreshTokenReplaced(tx, stored.id, now);
    }
    await insertRefreshToken(tx, {
      userId: stored.userId,
      familyId: stored.familyId,
      tokenHash,
      rememberMe: stored.rememberMe,
      expiresAt: stored.expiresAt,
    });
    return { issued: stored };
  });
  if (!('issued' in outcome)) {
    // Only once the lock is released: two refusals in one family at once, each holding its own
    // token's lock while revoking the other's, would deadlock.
    if (outcome.revokeFamily) await revokeRefreshTokenFamily(db, outcome.revokeFamily, now);
    throw refreshFailed();
  }
  const stored = outcome.issued;
  return {
    response: await accessTokenResponse(config, stored.userId, stored.familyId),
    refreshToken: token,
    rememberMe: stored.rememberMe,
    expiresAt: stored.expiresAt,
  };
}

/** Ends the session the token belongs to (its whole family). Unknown tokens are ignored. */
export async function revokeSession(db: AppDb, presented: string | undefined, now: Date): Promise<void> {
  if (!presented) return;
  const stored = await findRefreshTokenByHash(db, hashRefreshToken(presented));
  if (stored) await revokeRefreshTokenFamily(db, stored.familyId, now);
}
