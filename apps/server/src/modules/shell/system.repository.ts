/** System-wide state the shell reads or records: the maintenance switch and page views. */
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { maintenanceState, pageViews } from '../../db/schema/index';

export async function readMaintenanceFlag(db: AppDb): Promise<boolean> {
  const [row] = await db
    .select({ isDown: maintenanceState.isDown })
    .from(maintenanceState)
    .where(eq(maintenanceState.id, 1))
    .limit(1);
  return row?.isDown ?? false;
}

export async function insertPageView(
  db: AppDb,
  view: { userId: number; organizationId: number; path: string },
): Promise<void> {
  await db.insert(pageViews).values(view);
}

/** Throws when the database cannot answer. */
export async function pingDatabase(db: AppDb): Promise<void> {
  await db.execute(sql`select 1`);
}
