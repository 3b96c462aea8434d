/** The stored menu (menu_items, synchronised from MENU_CATALOGUE at start-up). The menu is global:
 * what an organisation's user sees is decided by their permissions there (and, for system-wide
 * screens, by being a super user), not by the rows. */
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { menuItems } from '../../db/schema/index';

export interface MenuRow {
  id: string;
  parentId: string | null;
  displayName: string;
  icon: string | null;
  url: string | null;
  /** null, a permission, or several any one of which opens it (shared storedMenuPermission) */
  permission: string | null;
  /** only super users get it (system-wide screens) */
  superUserOnly: boolean;
  sort: number;
}

/** Rows that may appear in a menu at all (areas whose screens exist). */
export async function findAvailableMenuRows(db: AppDb): Promise<MenuRow[]> {
  return db
    .select({
      id: menuItems.id,
      parentId: menuItems.parentId,
      displayName: menuItems.displayName,
      icon: menuItems.icon,
      url: menuItems.url,
      permission: menuItems.permission,
      superUserOnly: menuItems.superUserOnly,
      sort: menuItems.sort,
    })
    .from(menuItems)
    .where(eq(menuItems.isAvailable, true))
    .orderBy(asc(menuItems.sort), asc(menuItems.id));
}

/**
 * The menu rows change only when a release synchronises MENU_CATALOGUE at start-up, yet every
 * menu, landing-page and role-editor call reads them: keep them in memory for a minute per
 * database. Clear Cache (POST /api/cache/dirty) empties it at once on the instance it reaches.
 */
const MENU_CACHE_TTL_MS = 60_000;
const menuCache = new WeakMap<AppDb, { rows: Promise<MenuRow[]>; at: number }>();

export function findAvailableMenuRowsCached(db: AppDb): Promise<MenuRow[]> {
  const hit = menuCache.get(db);
  if (hit && Date.now() - hit.at < MENU_CACHE_TTL_MS) return hit.rows;
  const rows = findAvailableMenuRows(db);
  menuCache.set(db, { rows, at: Date.now() });
  rows.catch(() => menuCache.delete(db));
  return rows;
}

export function invalidateMenuCache(db: AppDb): void {
  menuCache.delete(db);
}
