import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';

/** Throws when the database cannot answer. */
export async function pingDatabase(db: AppDb): Promise<void> {
  await db.execute(sql`select 1`);
}
