/** Cache clearing and page-view recording. */
import type { AppDb } from '../../db/client';
import { invalidateMenuCache } from './menu.repository';
import { insertPageView } from './system.repository';

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
  analytics?: { url: string | undefined; log: { warn(obj: object, msg: string): void } },
): Promise<void> {
  await insertPageView(db, view);
  if (analytics?.url) void forwardPageView(analytics.url, view, analytics.log);
}

/**
 * Hands the page view to the external analytics service without holding up the answer. Only the
 * path, the organisation and the time leave the system; a slow or failing service is logged.
 */
export async function forwardPageView(
  url: string,
  view: { organizationId: number; path: string },
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: view.path, organizationId: view.organizationId, at: new Date().toISOString() }),
      signal: AbortSignal.timeout(2000),
    });
    if (!res.ok) log.warn({ status: res.status }, 'analytics endpoint refused a page view');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'analytics endpoint did not take a page view');
  }
}
