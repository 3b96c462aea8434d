/** The maintenance switch as the browser sees it. */
import type { SystemStatus } from '@orchard/shared/shell';
import type { AppDb } from '../../db/client';
import { readMaintenanceFlag } from './maintenance.repository';

/** Read from the database, not from the cached flag, so a poller sees the switch at once. */
export async function getSystemStatus(db: AppDb): Promise<SystemStatus> {
  return { online: true, maintenance: await readMaintenanceFlag(db) };
}
