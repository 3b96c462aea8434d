/** Queries behind the signed-in user's own account. */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { revokeRefreshTokens } from '../auth';
import { refreshTokens, users } from '../../db/schema/index';

/** The password hash and the lockout state it is checked under. */
export async function findPasswordState(
  db: AppDb,
  userId: number,
): Promise<{ passwordHash: string; failedLoginCount: number; lockoutEnd: Date | null } | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, failedLoginCount: users.failedLoginCount, lockoutEnd: users.lockoutEnd })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The family (session) belongs to the user, has not been revoked and has a token still valid at `now`. */
export async function isLiveFamily(db: AppDb, userId: number, familyId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Replaces the hash only while it is still the one verified (two concurrent changes: one wins). */
export async function replacePasswordHash(db: AppDb, userId: number, expectedHash: string, newHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: newHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Revokes every live refresh token of the user outside the given family (all when null), also one a
 * refresh commits while this runs (see modules/auth/refresh-token-revocation.ts).
 */
export async function revokeRefreshFamiliesExcept(db: AppDb, userId: number, keepFamilyId: string | null, at: Date): Promise<void> {
  await revokeRefreshTokens(db, { userId, exceptFamilyId: keepFamilyId }, at);
}

/** The most recently issued live refresh token of the user (most likely the caller's session). */
export async function findLatestLiveRefreshToken(
  db: AppDb,
  userId: number,
  now: Date,
): Promise<{ rememberMe: boolean; expiresAt: Date } | null> {
  const [row] = await db
    .select({ rememberMe: refreshTokens.rememberMe, expiresAt: refreshTokens.expiresAt })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.replacedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.id))
    .limit(1);
  return row ?? null;
}
