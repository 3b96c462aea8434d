/** Runs only on PostgreSQL (TEST_DATABASE_URL): several instances migrate one empty database at once. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { openDatabase, type DbHandle } from './client';
import { findMigrationsFolder, MIGRATION_LOCK_KEY, migrateDatabase } from './migrate';
import { menuItems } from './schema/index';

const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `oo_test_migrate_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${name}`;

async function admin<T>(run: (c: pg.Client) => Promise<T>, url = baseUrl): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** Another session can take the migration lock at once (and lets it go again). */
const lockIsFree = () =>
  admin(async (c) => {
    const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [MIGRATION_LOCK_KEY.toString()]);
    return r.rows[0]!.ok;
  }, dbUrl.toString());

describe('migrations on PostgreSQL', () => {
  const handles: DbHandle[] = [];
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('four instances starting together on an empty database all migrate it, once', async () => {
    for (let i = 0; i < 4; i++) handles.push(await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 }));
    const results = await Promise.allSettled(handles.map((h) => migrateDatabase(h)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const journal = JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await admin((c) => c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'), dbUrl.toString());
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const rows = await handles[1]!.db.select().from(menuItems);
    expect(rows).toHaveLength(MENU_CATALOGUE.length);

    // the lock is released afterwards: another session takes it at once
    expect(await lockIsFree()).toBe(true);
  });

  it("plans every pooled connection for data in memory (random_page_cost 1.1); the URL's own options win", async () => {
    const setting = async (url: string) => {
      const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
      handles.push(handle);
      // two connections at once: each pooled connection has the setting, not only the first
      const both = await Promise.all(
        [0, 1].map(async () => {
          const { rows } = (await handle.db.execute(sql`select current_setting('random_page_cost') as v, pg_sleep(0.05)`)) as unknown as { rows: { v: string }[] };
          return rows[0]!.v;
        }),
      );
      return both;
    };
    expect(await setting(dbUrl.toString())).toEqual(['1.1', '1.1']);
    const own = new URL(dbUrl);
    own.searchParams.set('options', '-c random_page_cost=2');
    expect(await setting(own.toString())).toEqual(['2', '2']);
  });

  it('releases the lock when migrating fails', async () => {
    const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 1 });
    handles.push(handle);
    // a catalogue row that cannot be synchronised makes the migration step fail after the lock was taken
    await handle.db.execute(sql`alter table menu_items add constraint oo_test_fail check (sort < 0) not valid`);
    try {
      await expect(migrateDatabase(handle)).rejects.toThrow();
    } finally {
      await handle.db.execute(sql`alter table menu_items drop constraint oo_test_fail`);
    }
    expect(await lockIsFree()).toBe(true);
    // and the instance's pool still works
    await migrateDatabase(handle);
  });
});
