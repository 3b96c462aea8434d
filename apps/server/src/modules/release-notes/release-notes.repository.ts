/** Queries of release notes: system-wide notes, per-user dismissals. */
import { and, desc, eq, lte, notExists, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { releaseNoteDismissals, releaseNotes } from '../../db/schema/index';

/** The newest note published by `now` that the user has not dismissed. */
export async function findNewestUndismissed(db: AppDb, userId: number, now: Date) {
  const [row] = await db
    .select({ id: releaseNotes.id, notes: releaseNotes.notes })
    .from(releaseNotes)
    .where(
      and(
        lte(releaseNotes.publishedAt, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(releaseNoteDismissals)
            .where(and(eq(releaseNoteDismissals.releaseNoteId, releaseNotes.id), eq(releaseNoteDismissals.userId, userId))),
        ),
      ),
    )
    .orderBy(desc(releaseNotes.publishedAt), desc(releaseNotes.id))
    .limit(1);
  return row ?? null;
}

export async function releaseNoteExists(db: AppDb, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: releaseNotes.id })
    .from(releaseNotes)
    .where(and(eq(releaseNotes.id, id), lte(releaseNotes.publishedAt, now)))
    .limit(1);
  return rows.length > 0;
}

export async function insertDismissal(db: AppDb, userId: number, releaseNoteId: number): Promise<void> {
  await db.insert(releaseNoteDismissals).values({ userId, releaseNoteId }).onConflictDoNothing();
}
