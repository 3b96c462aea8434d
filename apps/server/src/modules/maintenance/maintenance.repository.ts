/** The system-wide maintenance switch (one row). */
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { maintenanceState } from '../../db/schema/index';

export async function readMaintenanceFlag(db: AppDb): Promise<boolean> {
  const [row] = await db
    .select({ isDown: maintenanceState.isDown })
    .from(maintenanceState)
    .where(eq(maintenanceState.id, 1))
    .limit(1);
  return row?.isDown ?? false;
}
