/** Status, readiness, cache clearing and page-view recording. */
import type { SystemStatus } from '@orchard/shared';
import type { AppDb } from '../../db/client';
import { invalidateMenuCache } from './menu.repository';
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
 * Clear Cache empties this instance's caches: the maintenance flag and the menu rows. Permissions
 * are read per request and have no cache. A new cache must be cleared here too.
 */
export function clearCaches(app: { db: AppDb; maintenance: { invalidate(): void } }): void {
  app.maintenance.invalidate();
  invalidateMenuCache(app.db);
}

export async function recordPageView(
  db: AppDb,
  view: { userId: number; organizationId: number; path: string },
): Promise<void> {
  await insertPageView(db, view);
}
