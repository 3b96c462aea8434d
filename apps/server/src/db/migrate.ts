/** Applies the generated migrations (apps/server/drizzle) and synchronises catalogue rows. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { notInArray } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { MENU_CATALOGUE } from '@orchard/shared';
import type { DbHandle } from './client';
import { maintenanceState, menuItems } from './schema/index';

/** Works from the sources (src/db) and from the bundle (dist/), which ships drizzle/ beside it. */
export function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, 'drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function migrateDatabase(handle: DbHandle): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (handle.kind === 'postgres') await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  else await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  await syncCatalogues(handle);
}

/** Menu rows follow MENU_CATALOGUE in packages/shared; the maintenance row always exists. */
export async function syncCatalogues({ db }: DbHandle): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of MENU_CATALOGUE) {
      const row = {
        id: item.id,
        parentId: item.parentId,
        displayName: item.displayName,
        icon: item.icon,
        url: item.url,
        permission: item.permission,
        sort: item.sort,
        isAvailable: item.available,
      };
      await tx.insert(menuItems).values(row).onConflictDoUpdate({ target: menuItems.id, set: row });
    }
    const ids = MENU_CATALOGUE.map((m) => m.id);
    await tx.delete(menuItems).where(notInArray(menuItems.id, ids));
    await tx.insert(maintenanceState).values({ id: 1, isDown: false }).onConflictDoNothing();
  });
}
