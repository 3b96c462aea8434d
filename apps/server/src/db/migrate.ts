/** Applies the generated migrations (apps/server/drizzle), gives every table its change notice (db/changes.ts) and synchronises catalogue rows. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { notInArray } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { MENU_CATALOGUE, storedMenuPermission } from '@orchard/shared/shell';
import { installChangeNotices } from './changes';
import type { AppDb, DbHandle } from './client';
import * as schema from './schema/index';
import { maintenanceState, menuItems } from './schema/index';

/**
 * Session-level advisory lock key that serialises migrations between server instances starting
 * together on one PostgreSQL database (an arbitrary constant, unique to this application).
 */
export const MIGRATION_LOCK_KEY = 7_391_482_650_113_027n;

/** Works from the sources (src/db) and from the bundle (dist/), which ships drizzle/ beside it. */
export function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, 'drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Brings the schema up to date and synchronises the catalogues. On PostgreSQL several instances
 * may start at once: each takes the same advisory lock on a connection of its own and runs
 * everything on that connection, so one migrates while the others wait and then find nothing
 * left to do. PGlite is single-process and needs no lock.
 */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (handle.kind !== 'postgres') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    await installChangeNotices(handle.db);
    await syncCatalogues(handle);
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  await withMigrationLock(pool, async (client) => {
    const db = drizzlePg(client, { schema });
    await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    await installChangeNotices(db as unknown as AppDb);
    await syncCatalogues({ db: db as unknown as AppDb });
  });
}

/**
 * Runs `work` on one pooled connection while it holds the migration advisory lock. The lock is
 * released afterwards, also when `work` fails; a connection that cannot confirm the release is
 * closed, which releases a session-level lock on the server too.
 */
export async function withMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  try {
    return await work(client);
  } finally {
    try {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    } catch (err) {
      broken = err as Error;
    }
    client.release(broken);
  }
}

/** Menu rows follow MENU_CATALOGUE in packages/shared; the maintenance row always exists. */
export async function syncCatalogues({ db }: Pick<DbHandle, 'db'>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of MENU_CATALOGUE) {
      const row = {
        id: item.id,
        parentId: item.parentId,
        displayName: item.displayName,
        icon: item.icon,
        url: item.url,
        permission: storedMenuPermission(item.permission),
        sort: item.sort,
        isAvailable: item.available,
        superUserOnly: item.superUserOnly,
      };
      await tx.insert(menuItems).values(row).onConflictDoUpdate({ target: menuItems.id, set: row });
    }
    const ids = MENU_CATALOGUE.map((m) => m.id);
    await tx.delete(menuItems).where(notInArray(menuItems.id, ids));
    await tx.insert(maintenanceState).values({ id: 1, isDown: false }).onConflictDoNothing();
  });
}
