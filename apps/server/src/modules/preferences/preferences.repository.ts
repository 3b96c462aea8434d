/** The user_preferences row of a user (one per user, created on first save). */
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { userPreferences } from '../../db/schema/index';

export interface StoredPreferences {
  themeId: string | null;
  defaultThemeId: string | null;
}

export async function findPreferences(db: AppDb, userId: number): Promise<StoredPreferences | null> {
  const [row] = await db
    .select({ themeId: userPreferences.themeId, defaultThemeId: userPreferences.defaultThemeId })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Inserts or updates the named columns in one statement (safe under concurrent first saves). */
export async function upsertPreferences(
  db: AppDb,
  userId: number,
  values: Partial<StoredPreferences>,
): Promise<StoredPreferences> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning({ themeId: userPreferences.themeId, defaultThemeId: userPreferences.defaultThemeId });
  return row!;
}

/** default_theme_id := theme_id, in one statement. */
export async function copyThemeToDefault(db: AppDb, userId: number): Promise<StoredPreferences> {
  await db.insert(userPreferences).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .update(userPreferences)
    .set({ defaultThemeId: sql`${userPreferences.themeId}`, updatedAt: sql`now()` })
    .where(eq(userPreferences.userId, userId))
    .returning({ themeId: userPreferences.themeId, defaultThemeId: userPreferences.defaultThemeId });
  return row!;
}
