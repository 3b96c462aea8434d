/**
 * Ending sessions: revoking refresh tokens, stated once for sign-out, reuse, password change and
 * password reset.
 *
 * A refresh locks the token presented, marks it replaced and inserts a successor (or a sibling) in
 * one transaction (modules/auth). A revoking update that meets the locked token waits for that
 * transaction, and PostgreSQL then rechecks only the rows the update had already found: the
 * successor committed meanwhile is not among them and would stay live, and with it the session
 * (its refresh token and access tokens). So the update is repeated until it finds no token left
 * live; a refresh starting after that finds its token revoked. Inside a transaction each repeat is
 * a new statement and sees what committed before it; the rows revoked stay locked until the commit,
 * so no refresh can rotate them meanwhile.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';

/** One session (refresh-token family), or every session of a user but the one kept (if any). */
export type RefreshTokenSelection = { familyId: string } | { userId: number; exceptFamilyId?: string | null };

function selected(which: RefreshTokenSelection) {
  if ('familyId' in which) return eq(refreshTokens.familyId, which.familyId);
  return and(
    eq(refreshTokens.userId, which.userId),
    which.exceptFamilyId == null ? undefined : ne(refreshTokens.familyId, which.exceptFamilyId),
  );
}

/** Revokes the selected tokens at `at`, repeating until none of them is left live (see above). */
export async function revokeRefreshTokens(db: AppDb, which: RefreshTokenSelection, at: Date): Promise<void> {
  const where = and(selected(which), isNull(refreshTokens.revokedAt));
  for (;;) {
    const revoked = await db.update(refreshTokens).set({ revokedAt: at }).where(where).returning({ id: refreshTokens.id });
    if (revoked.length === 0) return;
  }
}
