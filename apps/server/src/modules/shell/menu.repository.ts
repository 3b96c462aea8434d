/** The stored menu (menu_items, synchronised from MENU_CATALOGUE at start-up). The menu is global:
 * what an organisation's user sees is decided by their permissions there, not by the rows. */
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { menuItems } from '../../db/schema/index';

export interface MenuRow {
  id: string;
  parentId: string | null;
  displayName: string;
  icon: string | null;
  url: string | null;
  permission: string | null;
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
      sort: menuItems.sort,
    })
    .from(menuItems)
    .where(eq(menuItems.isAvailable, true))
    .orderBy(asc(menuItems.sort), asc(menuItems.id));
}
