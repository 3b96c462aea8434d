/**
 * Backup and restore of the embedded database: a running server's database (its own process, as
 * the server runs it) backed up while bins are written, restored into new directories, every
 * table compared; the CLI verbs of docs/backup.md; the refusals; an older file migrated.
 * PostgreSQL: backup.pg.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLines, runCli, tableDigests, withSchemaWhen, writeLines } from '../../../test/helpers/backup';
import { openDatabase, rowsOf, type DbHandle } from '../client';
import { migrateDatabase } from '../migrate';
import { seedDemoData } from '../seed/index';
import { backupDatabase, BackupRefused, restoreDatabase } from './backup';
import { backupSocketOf } from './live';
import { latestSchemaVersion, readJournal } from './schema-version';
import type { Query } from './snapshot';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-backup-'));
const source = path.join(root, 'source');
const env = { DATABASE_URL: '', DATA_DIR: '' };
/** the demo data's backup, taken by the CLI, and the directory it is restored into */
const demoFile = path.join(root, 'demo.backup');
const demoRestored = path.join(root, 'demo');
let server: DbHandle;

const queryOf =
  (handle: DbHandle): Query =>
  async (text) => ({ rows: await rowsOf<Record<string, unknown>>(handle.db, sql.raw(text)) });

/** Opens a restored directory, runs `read` on it, closes it. */
async function inDirectory<T>(dir: string, read: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: dir });
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
  server = await openDatabase({ dataDir: source, embeddedProcess: true });
  await migrateDatabase(server);
  await seedDemoData(server, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
}, 300_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('embedded database backups', () => {
  it('a backup taken while bins are written holds whole deliveries, as of one moment', async () => {
    const [at] = await rowsOf<Record<string, number>>(server.db, sql`select organization_id, production_block_id, packhouse_id, variety_id from fruit_bins limit 1`);
    let written = 0;
    let stop = false;
    // each delivery: five bins in one transaction, all received at the same instant
    const writer = (async () => {
      while (!stop) {
        const receivedAt = new Date(Date.UTC(2099, 0, 1) + written * 1000).toISOString();
        await server.db.transaction(async (tx) => {
          for (let bin = 0; bin < 5; bin++) {
            await tx.execute(sql`insert into fruit_bins (organization_id, production_block_id, packhouse_id, variety_id, season, received_at, received_date)
              values (${at!.organization_id}, ${at!.production_block_id}, ${at!.packhouse_id}, ${at!.variety_id}, 2099, ${receivedAt}::timestamptz, '2099-01-01')`);
          }
        });
        written++;
      }
    })();
    await until(() => written >= 3);
    const file = path.join(root, 'during-writes.backup');
    const result = await backupDatabase({ dataDir: source }, file);
    const whenDone = written;
    await until(() => written >= whenDone + 3);
    stop = true;
    await writer;
    expect(result.via).toBe('running server');

    const restored = path.join(root, 'during-writes');
    await restoreDatabase({ dataDir: restored }, file);
    const { deliveries, totals } = await inDirectory(restored, async (h) => ({
      deliveries: await rowsOf<{ n: number }>(h.db, sql`select count(*)::int as n from fruit_bins where season = 2099 group by received_at`),
      totals: (await rowsOf<{ n: number }>(h.db, sql`select coalesce(sum(not_tipped), 0)::int as n from bin_week_totals where season = 2099`))[0]!.n,
    }));
    expect(deliveries.every((d) => d.n === 5)).toBe(true);
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expect(deliveries.length).toBeLessThanOrEqual(whenDone);
    // the week totals (kept by a trigger in the bins' own transactions) are of the same moment
    expect(totals).toBe(deliveries.length * 5);
  }, 300_000);

  it('npm run db:backup takes the running server its backup; db:restore gives every table back, row for row', async () => {
    expect(fs.existsSync(backupSocketOf(source))).toBe(true);
    const backup = await runCli('db:backup', [demoFile], { ...env, DATA_DIR: source });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('through the server running on');

    const restore = await runCli('db:restore', [demoFile], { ...env, DATA_DIR: demoRestored });
    expect(restore.code).toBe(0);
    const expected = await tableDigests(queryOf(server));
    expect(Object.keys(expected).length).toBeGreaterThan(40);
    await inDirectory(demoRestored, async (h) => {
      expect(await tableDigests(queryOf(h))).toEqual(expected);
      // the change notices and the summary triggers are in place, and new rows take new ids
      const triggers = await rowsOf<{ tgname: string; tgenabled: string }>(
        h.db,
        sql`select tgname, tgenabled from pg_trigger where tgname in ('announce_change', 'fruit_bins_week_totals_insert') and tgrelid in ('users'::regclass, 'fruit_bins'::regclass) order by tgname`,
      );
      expect(triggers).toEqual([
        { tgname: 'announce_change', tgenabled: 'A' },
        { tgname: 'fruit_bins_week_totals_insert', tgenabled: 'A' },
      ]);
      await h.db.execute(sql`insert into fruit_bins (organization_id, production_block_id, packhouse_id, variety_id, season, received_at, received_date)
        select organization_id, production_block_id, packhouse_id, variety_id, season, received_at, received_date from fruit_bins limit 1`);
      await h.db.execute(sql`insert into login_events (user_name_attempted, success) values ('after-restore', false)`);
    });
  }, 300_000);

  it('refuses a database with data without --force, and a file from a newer schema', async () => {
    const refused = await runCli('db:restore', [demoFile], { ...env, DATA_DIR: demoRestored });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already has data');
    expect(refused.stderr).toContain('--force');

    // a newer schema is refused before anything is touched
    const newer = path.join(root, 'newer.backup');
    withSchemaWhen(demoFile, newer, latestSchemaVersion().when + 1);
    const fresh = path.join(root, 'from-newer');
    const refusedNewer = await runCli('db:restore', [newer], { ...env, DATA_DIR: fresh });
    expect(refusedNewer.code).toBe(1);
    expect(refusedNewer.stderr).toContain('newer than this version of Orchard Ops knows');
    expect(fs.existsSync(fresh)).toBe(false);
  }, 300_000);

  it('with --force, a file from an older schema replaces the data, restored at its schema, then migrated', async () => {
    // the file of a database from before the migration that renames packhouses whose names differ
    // only in inner spacing (which the schema before it allowed): restored, then migrated from there
    const lines = readLines(demoFile);
    const table = lines.find((l) => l.startsWith('["table","packhouses"'))!;
    const columns = (JSON.parse(table) as [string, string, string[]])[2];
    const row = (id: number, name: string) => JSON.stringify(Object.fromEntries(columns.map((c) => [c, c === 'id' ? id : c === 'name' ? name : null])));
    const journal = readJournal();
    const older = path.join(root, 'older.backup');
    writeLines(older, [lines[0]!, table, row(90001, 'Drill Packhouse'), row(90002, 'drill  packhouse'), JSON.stringify(['end', { tables: { packhouses: 2 } }])]);
    const renaming = journal.findIndex((e) => e.tag === '0028_packhouse_name_spacing');
    expect(renaming).toBeGreaterThan(0);
    withSchemaWhen(older, older, journal[renaming - 1]!.when);

    const forced = await runCli('db:restore', [older, '--force'], { ...env, DATA_DIR: demoRestored });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('then migrated to the current schema');
    await inDirectory(demoRestored, async (h) => {
      expect(await rowsOf(h.db, sql`select id, name from packhouses order by id`)).toEqual([
        { id: 90001, name: 'Drill Packhouse' },
        { id: 90002, name: 'drill  packhouse (90002)' },
      ]);
      const [applied] = await rowsOf<{ n: number }>(h.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied!.n).toBe(journal.length);
      const [users] = await rowsOf<{ n: number }>(h.db, sql`select count(*)::int as n from users`);
      expect(users!.n).toBe(0);
      const [menus] = await rowsOf<{ n: number }>(h.db, sql`select count(*)::int as n from menu_items`);
      expect(menus!.n).toBeGreaterThan(0);
    });
  }, 300_000);

  it('a restore refuses a data directory the running server holds, a file that is not a backup or was cut short, and a pg_dump file', async () => {
    const file = demoFile;
    await expect(restoreDatabase({ dataDir: source }, file, { force: true })).rejects.toThrow(/stop the server first/);
    const notBackup = path.join(root, 'not-a-backup');
    fs.writeFileSync(notBackup, 'hello');
    await expect(restoreDatabase({ dataDir: path.join(root, 'x') }, notBackup)).rejects.toBeInstanceOf(BackupRefused);
    const pgDumpFile = path.join(root, 'postgres.dump');
    fs.writeFileSync(pgDumpFile, 'PGDMP...');
    await expect(restoreDatabase({ dataDir: path.join(root, 'x') }, pgDumpFile)).rejects.toThrow(/restores onto PostgreSQL only/);
    const cut = path.join(root, 'cut.backup');
    writeLines(cut, readLines(file).slice(0, 500));
    await expect(restoreDatabase({ dataDir: path.join(root, 'from-cut') }, cut)).rejects.toThrow(/cut short/);
    expect(fs.existsSync(path.join(root, 'from-cut'))).toBe(false);
  });
});
