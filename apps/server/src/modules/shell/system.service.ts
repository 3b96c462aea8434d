/** Status, readiness, cache clearing and page-view recording. */
import type { SystemStatus } from '@orchard/shared';
import type { AppDb } from '../../db/client';
import { insertPageView, pingDatabase, readMaintenanceFlag } from './system.repository';

/** Read from the database, not from the cached flag, so a poller sees the switch at once. */
export async function getSystemStatus(db: AppDb): Promise<SystemStatus> {
  return { online: true, maintenance: await readMaintenanceFlag(db) };
}

/** Resolves when the database answers a trivial query; rejects with its error otherwise. */
export async function checkReadiness(db: AppDb): Promise<void> {
  await pingDatabase(db);
}

/**
 * Clear Cache empties the server's caches. Permissions and menus are read per request, so the
 * only cache in the process today is the maintenance flag; a new cache must be cleared here too.
 */
export function clearCaches(caches: { maintenance: { invalidate(): void } }): void {
  caches.maintenance.invalidate();
}

export async function recordPageView(
  db: AppDb,
  view: { userId: number; organizationId: number; path: string },
): Promise<void> {
  await insertPageView(db, view);
}
