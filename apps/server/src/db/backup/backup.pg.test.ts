/**
 * Backup and restore on PostgreSQL (runs only with TEST_DATABASE_URL): pg_dump's custom format
 * while bins are written, the portable format, every table compared after a round trip, the
 * refusals, an older file migrated. The embedded database: backup.test.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tableDigests } from '../../../test/helpers/backup';
import { openDatabase, rowsOf, type DbHandle } from '../client';
import { migrateDatabase } from '../migrate';
import { seedDemoData } from '../seed/index';
import { backupDatabase, restoreDatabase } from './backup';
import { latestSchemaVersion, readJournal } from './schema-version';
import type { Query } from './snapshot';

const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const stamp = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const names = { source: `oo_test_backup_src_${stamp}`, a: `oo_test_backup_a_${stamp}`, b: `oo_test_backup_b_${stamp}`, c: `oo_test_backup_c_${stamp}` };
const urlOf = (name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-backup-pg-'));
let source: DbHandle;

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const queryOf =
  (handle: DbHandle): Query =>
  async (text) => ({ rows: await rowsOf<Record<string, unknown>>(handle.db, sql.raw(text)) });

async function inDatabase<T>(name: string, read: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: urlOf(name), poolSize: 2 });
  try {
    return await read(handle);
  } finally {
    await handle.close();
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  for (const name of Object.values(names)) await admin(`CREATE DATABASE ${name}`);
  source = await openDatabase({ databaseUrl: urlOf(names.source), poolSize: 4 });
  await migrateDatabase(source);
  await seedDemoData(source, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
}, 300_000);

afterAll(async () => {
  await source?.close();
  for (const name of Object.values(names)) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('PostgreSQL backups', () => {
  it('npm run db:backup uses pg_dump while bins are written; the restore holds whole deliveries of one moment', async () => {
    const [at] = await rowsOf<Record<string, number>>(source.db, sql`select organization_id, production_block_id, packhouse_id, variety_id from fruit_bins limit 1`);
    let written = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        const receivedAt = new Date(Date.UTC(2099, 0, 1) + written * 1000).toISOString();
        await source.db.transaction(async (tx) => {
          for (let bin = 0; bin < 5; bin++) {
            await tx.execute(sql`insert into fruit_bins (organization_id, production_block_id, packhouse_id, variety_id, season, received_at, received_date)
              values (${at!.organization_id}, ${at!.production_block_id}, ${at!.packhouse_id}, ${at!.variety_id}, 2099, ${receivedAt}::timestamptz, '2099-01-01')`);
          }
        });
        written++;
      }
    })();
    await until(() => written >= 3);
    const file = path.join(root, 'during-writes.dump');
    const backup = await runCli('db:backup', [file], { DATABASE_URL: urlOf(names.source) });
    const whenDone = written;
    await until(() => written >= whenDone + 3);
    stop = true;
    await writer;
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Backing up PostgreSQL with pg_dump \(PostgreSQL\) \d+/);

    await restoreDatabase({ databaseUrl: urlOf(names.a), dataDir: '' }, file);
    await inDatabase(names.a, async (h) => {
      const deliveries = await rowsOf<{ n: number }>(h.db, sql`select count(*)::int as n from fruit_bins where season = 2099 group by received_at`);
      const [totals] = await rowsOf<{ n: number }>(h.db, sql`select coalesce(sum(not_tipped), 0)::int as n from bin_week_totals where season = 2099`);
      expect(deliveries.every((d) => d.n === 5)).toBe(true);
      expect(deliveries.length).toBeGreaterThanOrEqual(3);
      expect(deliveries.length).toBeLessThanOrEqual(whenDone);
      expect(totals!.n).toBe(deliveries.length * 5);
    });
  }, 300_000);

  it('a pg_dump backup and a portable one restore every table row for row; over data only with --force', async () => {
    const expected = await tableDigests(queryOf(source));
    const dump = path.join(root, 'demo.dump');
    expect((await runCli('db:backup', [dump], { DATABASE_URL: urlOf(names.source) })).code).toBe(0);
    const restore = await runCli('db:restore', [dump], { DATABASE_URL: urlOf(names.b) });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await inDatabase(names.b, async (h) => {
      expect(await tableDigests(queryOf(h))).toEqual(expected);
      const [notice] = await rowsOf<{ tgenabled: string }>(h.db, sql`select tgenabled from pg_trigger where tgname = 'announce_change' and tgrelid = 'users'::regclass`);
      expect(notice?.tgenabled).toBe('A');
      // sequences continue after the restored rows
      await h.db.execute(sql`insert into fruit_bins (organization_id, production_block_id, packhouse_id, variety_id, season, received_at, received_date)
        select organization_id, production_block_id, packhouse_id, variety_id, season, received_at, received_date from fruit_bins limit 1`);
      await h.db.execute(sql`insert into login_events (user_name_attempted, success) values ('after-restore', false)`);
    });

    const refused = await runCli('db:restore', [dump], { DATABASE_URL: urlOf(names.b) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already has data');
    expect(refused.stderr).toContain('--force');

    const portable = path.join(root, 'demo.backup');
    const backup = await runCli('db:backup', [portable, '--portable'], { DATABASE_URL: urlOf(names.source) });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('portable format');
    const forced = await runCli('db:restore', [portable, '--force'], { DATABASE_URL: urlOf(names.b) });
    expect(forced.code).toBe(0);
    await inDatabase(names.b, async (h) => {
      expect(await tableDigests(queryOf(h))).toEqual(expected);
      await h.db.execute(sql`insert into login_events (user_name_attempted, success) values ('after-restore', false)`);
    });
  }, 300_000);

  it('refuses a file from a newer schema; migrates one from an older schema', async () => {
    const latest = latestSchemaVersion();
    const journal = readJournal();
    const newer = path.join(root, 'newer.dump');
    const older = path.join(root, 'older.dump');
    await source.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from a newer version', ${latest.when + 1})`);
    try {
      await backupDatabase({ databaseUrl: urlOf(names.source), dataDir: '' }, newer);
    } finally {
      await source.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when + 1}`);
    }
    await expect(restoreDatabase({ databaseUrl: urlOf(names.c), dataDir: '' }, newer)).rejects.toThrow(/newer than this version of Orchard Ops knows/);
    const [untouched] = await inDatabase(names.c, (h) => rowsOf<{ t: string | null }>(h.db, sql`select to_regclass('public.users')::text as t`));
    expect(untouched!.t).toBeNull();

    // the database as it was before the last migration (which may run again on it)
    const [last] = await rowsOf<{ id: number; hash: string }>(source.db, sql`select id, hash from drizzle.__drizzle_migrations where created_at = ${latest.when}`);
    await source.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      await backupDatabase({ databaseUrl: urlOf(names.source), dataDir: '' }, older);
    } finally {
      await source.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${latest.when})`);
    }
    const result = await restoreDatabase({ databaseUrl: urlOf(names.c), dataDir: '' }, older);
    expect(result.migrated).toBe(true);
    expect(result.schema.tag).toBe(journal.at(-2)!.tag);
    await inDatabase(names.c, async (h) => {
      const [applied] = await rowsOf<{ n: number; latest: string }>(h.db, sql`select count(*)::int as n, max(created_at)::text as latest from drizzle.__drizzle_migrations`);
      expect(applied).toEqual({ n: journal.length, latest: String(latest.when) });
      const [users] = await rowsOf<{ n: number }>(h.db, sql`select count(*)::int as n from users`);
      expect(users!.n).toBeGreaterThan(0);
    });
  }, 300_000);
});
