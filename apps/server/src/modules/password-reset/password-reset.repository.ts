/** One-time password reset links. Only the SHA-256 of a token is stored. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { revokeRefreshTokens } from '../auth';
import { passwordResetTokens, users } from '../../db/schema/index';

/** Ends every unused link of the user (a newer link, or a completed reset, replaces them). */
export async function invalidateUnusedResetTokens(db: AppDb, userId: number, at: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(db: AppDb, token: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** The usable (unused, unexpired) link with this hash and its user, or null. */
export async function findUsableResetToken(db: AppDb, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt, userName: users.userName })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses the link up, if still usable: one statement, so two concurrent uses cannot both win. */
export async function consumeResetToken(db: AppDb, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Sets the new password and lifts any lockout. */
export async function setPasswordAndUnlock(db: AppDb, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, lockoutEnd: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Ends every session (refresh-token family) of the user, also a token a refresh commits while this
 * runs (see modules/auth/refresh-token-revocation.ts).
 */
export async function revokeAllRefreshTokens(db: AppDb, userId: number, at: Date): Promise<void> {
  await revokeRefreshTokens(db, { userId }, at);
}
