/**
 * Queries behind sign-in: finding the account, its failure counter and lockout, the login events
 * that also serve as the (database-held, so instance-independent) rate-limit counters, and the
 * rotating refresh tokens.
 */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { revokeRefreshTokens } from './refresh-token-revocation';
import { loginEvents, refreshTokens, users } from '../../db/schema/index';

export type LoginFailureReason = 'unknown_user' | 'locked' | 'bad_password' | 'disabled' | 'rate_limited';

export interface SignInCandidate {
  id: number;
  passwordHash: string;
  isEnabled: boolean;
  lockoutEnd: Date | null;
  lastOrganizationId: number | null;
}

/**
 * The account a login name refers to: a case-insensitive user name match wins; otherwise a
 * case-insensitive e-mail match, but only when exactly one account has that address (e-mail is not
 * unique, and guessing between two accounts would be wrong).
 */
export async function findUserByLogin(db: AppDb, login: string): Promise<SignInCandidate | null> {
  const byName = sql`lower(${users.userName}) = lower(${login})`;
  const rows = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isEnabled: users.isEnabled,
      lockoutEnd: users.lockoutEnd,
      lastOrganizationId: users.lastOrganizationId,
      isNameMatch: sql<boolean>`${byName}`,
    })
    .from(users)
    .where(or(byName, sql`lower(${users.email}) = lower(${login})`))
    .orderBy(desc(byName), users.id)
    .limit(2);
  const [first, second] = rows;
  if (!first) return null;
  if (!first.isNameMatch && second) return null;
  const { isNameMatch: _ignored, ...candidate } = first;
  return candidate;
}

/**
 * Counts one more consecutive failure; on reaching maxFailures the account is locked until
 * lockoutUntil and the counter starts again. One statement, so concurrent failures cannot lose
 * counts. Returns the lockout end (null while not locked).
 */
export async function recordFailedPassword(
  db: AppDb,
  userId: number,
  maxFailures: number,
  lockoutUntil: Date,
): Promise<Date | null> {
  const reachesLimit = sql`${users.failedLoginCount} + 1 >= ${maxFailures}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${reachesLimit} then 0 else ${users.failedLoginCount} + 1 end`,
      lockoutEnd: sql`case when ${reachesLimit} then ${lockoutUntil.toISOString()}::timestamptz else ${users.lockoutEnd} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockoutEnd: users.lockoutEnd });
  return row?.lockoutEnd ?? null;
}

export async function resetFailedPasswords(db: AppDb, userId: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockoutEnd: null }).where(eq(users.id, userId));
}

export interface NewLoginEvent {
  userId: number | null;
  userNameAttempted: string;
  organizationId: number | null;
  success: boolean;
  failureReason: LoginFailureReason | null;
  clientFlag: string | null;
  ip: string | null;
}

export async function insertLoginEvent(db: AppDb, event: NewLoginEvent): Promise<void> {
  await db.insert(loginEvents).values(event);
}

/**
 * Password attempts from one address since a moment. There is no index on ip, so this looks only at
 * the most recent `scanLimit` events (primary key order follows time): exact unless more than
 * scanLimit attempts were made in the window across the whole system.
 */
export async function countRecentAttemptsByIp(db: AppDb, ip: string, since: Date, scanLimit: number): Promise<number> {
  const recent = db
    .select({ ip: loginEvents.ip, occurredAt: loginEvents.occurredAt })
    .from(loginEvents)
    .orderBy(desc(loginEvents.id))
    .limit(scanLimit)
    .as('recent');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recent)
    .where(and(eq(recent.ip, ip), gt(recent.occurredAt, since)));
  return row?.n ?? 0;
}

/**
 * Failed attempts against one account since a moment: by user id when the name resolves to an
 * account, otherwise by the name as typed (so unknown names are limited exactly like real ones and
 * the 429 does not reveal which names exist). Both use the (user_id, occurred_at) index.
 */
export async function countRecentFailuresForAccount(
  db: AppDb,
  account: { userId: number } | { userName: string },
  since: Date,
): Promise<number> {
  const who =
    'userId' in account
      ? eq(loginEvents.userId, account.userId)
      : and(isNull(loginEvents.userId), sql`lower(${loginEvents.userNameAttempted}) = lower(${account.userName})`);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginEvents)
    .where(and(who, gt(loginEvents.occurredAt, since), eq(loginEvents.success, false)));
  return row?.n ?? 0;
}

export interface NewRefreshToken {
  userId: number;
  familyId: string;
  tokenHash: string;
  rememberMe: boolean;
  expiresAt: Date;
}

export async function insertRefreshToken(db: AppDb, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export interface StoredRefreshToken {
  id: number;
  userId: number;
  familyId: string;
  rememberMe: boolean;
  expiresAt: Date;
  replacedAt: Date | null;
  revokedAt: Date | null;
  userIsEnabled: boolean;
}

/** The stored token a hash names, with whether its user is enabled. */
const selectRefreshTokenByHash = (db: AppDb, tokenHash: string) =>
  db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      rememberMe: refreshTokens.rememberMe,
      expiresAt: refreshTokens.expiresAt,
      replacedAt: refreshTokens.replacedAt,
      revokedAt: refreshTokens.revokedAt,
      userIsEnabled: users.isEnabled,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);

export async function findRefreshTokenByHash(db: AppDb, tokenHash: string): Promise<StoredRefreshToken | null> {
  const [row] = await selectRefreshTokenByHash(db, tokenHash);
  return row ?? null;
}

/**
 * The token a hash names, as findRefreshTokenByHash, locked until the transaction ends: every
 * presentation of one token, on whichever instance, is decided after the one before it has
 * committed, on the row as that one left it (replaced, revoked).
 */
export async function lockRefreshTokenByHash(tx: AppDb, tokenHash: string): Promise<StoredRefreshToken | null> {
  const [row] = await selectRefreshTokenByHash(tx, tokenHash).for('update', { of: refreshTokens });
  return row ?? null;
}

/** Marks a token replaced, once: a later presentation keeps the time of the first rotation. */
export async function markRefreshTokenReplaced(db: AppDb, id: number, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ replacedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.replacedAt)));
}

/**
 * Revokes every token of the family, also one a refresh commits while this runs (see
 * refresh-token-revocation.ts); a refresh starting after that finds its token revoked.
 */
export async function revokeRefreshTokenFamily(db: AppDb, familyId: string, at: Date): Promise<void> {
  await revokeRefreshTokens(db, { familyId }, at);
}
