/**
 * Backup and restore of the app's database, either engine (docs/backup.md, decision 0006):
 * - PostgreSQL: pg_dump's custom format when pg_dump is on PATH, else (or with `portable`) the
 *   portable snapshot (snapshot.ts) read in one REPEATABLE READ transaction;
 * - the embedded database: the portable snapshot, taken by the running server's database process
 *   when a server runs (live.ts), else read from the data directory, whose lock is taken meanwhile.
 * Restore reads either file, refuses a file from a newer schema and a database that has data
 * (unless `force`), builds the file's schema, loads it, then runs the normal migrations (which
 * migrate an older file forward and install the change notices).
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { DataDirectoryInUseError, openDatabase, type AppDb, type DbHandle } from '../client';
import { lockDataDirectory } from '../data-dir-lock';
import { migrateDatabase, withMigrationLock } from '../migrate';
import * as schema from '../schema/index';
import { requestLiveBackup, backupSocketOf } from './live';
import { pgDump, pgDumpSchemaVersion, pgRestore, pgToolVersion, PG_TOOLS_MISSING } from './pg-tools';
import { compareWithCode, describeVersion, latestSchemaVersion, migrationsUpTo, type SchemaVersion } from './schema-version';
import { SNAPSHOT_TRANSACTION, writeSnapshot, type Query, type SnapshotSummary } from './snapshot';
import { loadSnapshot, readSnapshotHeader, verifySnapshotFile } from './snapshot-load';

/** A backup or restore that is refused (the message says why and what to do); the CLI exits 1. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

export interface DatabaseTarget {
  /** postgres://... ; when set the embedded database is not used */
  databaseUrl?: string | undefined;
  /** the embedded database's directory (absolute) */
  dataDir: string;
}

export interface BackupResult {
  format: 'pg_dump' | 'portable';
  /** how it was read */
  via: 'pg_dump' | 'postgres' | 'running server' | 'data directory';
  /** rows per table (portable files) */
  tables?: Record<string, number>;
}

type Log = (line: string) => void;

const pgQuery =
  (client: pg.ClientBase): Query =>
  async (sql, params) =>
    client.query(sql, params);

const pgliteQuery =
  (tx: Pick<PGlite, 'query'>): Query =>
  (sql, params) =>
    tx.query<Record<string, unknown>>(sql, params);

/** Writes gzip-compressed text to `file` (through `<file>.partial`: a failed backup leaves no file). */
async function writeCompressed(file: string, produce: (write: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`;
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    await produce(write);
    gzip.end();
    await written;
    fs.renameSync(partial, file);
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

export async function backupDatabase(target: DatabaseTarget, file: string, options: { portable?: boolean; log?: Log } = {}): Promise<BackupResult> {
  const log = options.log ?? (() => undefined);
  if (target.databaseUrl) {
    const version = options.portable ? null : pgToolVersion('pg_dump');
    if (version) {
      log(`Backing up PostgreSQL with ${version} (custom format).`);
      const partial = `${file}.partial`;
      try {
        await pgDump(target.databaseUrl, partial);
        fs.chmodSync(partial, 0o600);
        fs.renameSync(partial, file);
      } finally {
        fs.rmSync(partial, { force: true });
      }
      return { format: 'pg_dump', via: 'pg_dump' };
    }
    if (!options.portable) log(`${PG_TOOLS_MISSING}\nTaking a portable backup instead.`);
    log('Backing up PostgreSQL in the portable format (one REPEATABLE READ transaction).');
    const handle = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1 });
    try {
      const client = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
      try {
        let summary!: SnapshotSummary;
        await writeCompressed(file, async (write) => {
          await client.query('BEGIN');
          try {
            await client.query(SNAPSHOT_TRANSACTION);
            summary = await writeSnapshot(pgQuery(client), write, 'postgres');
          } finally {
            await client.query('ROLLBACK');
          }
        });
        return { format: 'portable', via: 'postgres', tables: summary.tables };
      } finally {
        client.release();
      }
    } finally {
      await handle.close();
    }
  }

  const dir = target.dataDir;
  let live = false;
  let endLine = '';
  await writeCompressed(file, async (write) => {
    live = await requestLiveBackup(dir, async (text) => {
      endLine = text;
      await write(text);
    });
    if (live) {
      log(`Backing up the embedded database through the server running on ${dir}.`);
      return;
    }
    if (!fs.existsSync(dir)) throw new BackupRefused(`There is no embedded database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
    let handle: DbHandle;
    try {
      handle = await openDatabase({ dataDir: dir });
    } catch (err) {
      if (err instanceof DataDirectoryInUseError) {
        throw new BackupRefused(`${err.message}\nThe process holding it does not answer backups on ${backupSocketOf(dir)}: stop it, or upgrade it to a version that does.`);
      }
      throw err;
    }
    log(`Backing up the embedded database in ${dir} (no server runs on it; its lock is held meanwhile).`);
    try {
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const summary = await client.transaction(async (tx) => {
        await tx.exec(SNAPSHOT_TRANSACTION);
        return writeSnapshot(pgliteQuery(tx), write, 'embedded');
      });
      endLine = `${JSON.stringify(['end', summary])}\n`;
    } finally {
      await handle.close();
    }
  });
  const lastLine = endLine.trim().split('\n').at(-1) ?? '';
  const tables = lastLine.startsWith('["end"') ? (JSON.parse(lastLine) as [string, SnapshotSummary])[1].tables : undefined;
  return { format: 'portable', via: live ? 'running server' : 'data directory', tables };
}

/** 'pg_dump' for pg_dump's custom format, 'portable' for a gzip file (snapshot.ts). */
function fileFormat(file: string): 'pg_dump' | 'portable' {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    fs.closeSync(fd);
  } catch (err) {
    throw new BackupRefused(`Cannot read ${file}: ${(err as Error).message}`);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'portable';
  throw new BackupRefused(`${file} is not an Orchard Ops backup (neither a pg_dump custom-format file nor a portable backup).`);
}

function checkVersion(file: string, version: SchemaVersion | null): SchemaVersion {
  if (!version) throw new BackupRefused(`${file} records no schema version (it was not taken from an Orchard Ops database).`);
  const latest = latestSchemaVersion();
  switch (compareWithCode(version)) {
    case 'newer':
      throw new BackupRefused(
        `${file} was taken at schema ${describeVersion(version)}, newer than this version of Orchard Ops knows (${describeVersion(latest)}). ` +
          'Restore it with the version it was taken with, or a newer one.',
      );
    case 'unknown':
      throw new BackupRefused(`${file} was taken at schema ${describeVersion(version)}, which no migration of this version of Orchard Ops matches.`);
    default:
      return version;
  }
}

async function hasData(query: Query): Promise<boolean> {
  const [table] = (await query(`SELECT to_regclass('public.users') IS NOT NULL AS ok`)).rows;
  if (!table?.ok) return false;
  const [row] = (await query('SELECT EXISTS (SELECT 1 FROM users) AS has')).rows;
  return Boolean(row?.has);
}

const refuseOverData = (where: string) =>
  new BackupRefused(`${where} already has data (it has users). Restoring replaces all of it: run the restore again with --force to do so.`);

export interface RestoreResult {
  format: 'pg_dump' | 'portable';
  /** the schema the file was taken at */
  schema: SchemaVersion;
  /** whether the normal migrations brought it forward after the restore */
  migrated: boolean;
  tables?: Record<string, number>;
}

export async function restoreDatabase(target: DatabaseTarget, file: string, options: { force?: boolean; log?: Log } = {}): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const format = fileFormat(file);
  let version: SchemaVersion | null;
  if (format === 'pg_dump') {
    if (!target.databaseUrl) {
      throw new BackupRefused(`${file} is a pg_dump file: it restores onto PostgreSQL only (set DATABASE_URL). A backup for the embedded database is taken with db:backup --portable on PostgreSQL.`);
    }
    const tool = pgToolVersion('pg_restore');
    if (!tool) throw new BackupRefused(PG_TOOLS_MISSING);
    log(`Reading ${file} with ${tool}.`);
    version = await pgDumpSchemaVersion(file);
  } else {
    version = (await readSnapshotHeader(file)).schema;
    await verifySnapshotFile(file);
  }
  const schemaVersion = checkVersion(file, version);
  const migrated = compareWithCode(schemaVersion) === 'older';
  log(`The backup was taken at schema ${describeVersion(schemaVersion)}${migrated ? `; it will be migrated to ${describeVersion(latestSchemaVersion())}` : ''}.`);

  if (target.databaseUrl) {
    const handle = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 2 });
    try {
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      let tables: Record<string, number> | undefined;
      await withMigrationLock(pool, async (client) => {
        if ((await hasData(pgQuery(client))) && !options.force) throw refuseOverData('The PostgreSQL database');
        await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
        if (format === 'pg_dump') {
          await pgRestore(target.databaseUrl!, file);
          return;
        }
        const older = migrationsUpTo(schemaVersion.when);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: older.folder });
        } finally {
          older.remove();
        }
        await client.query('BEGIN');
        try {
          tables = (await loadSnapshot(pgQuery(client), file)).tables;
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      });
      await migrateDatabase(handle);
      return { format, schema: schemaVersion, migrated, tables };
    } finally {
      await handle.close();
    }
  }

  if (format !== 'portable') throw new BackupRefused(`${file} restores onto PostgreSQL only.`);
  return { format, schema: schemaVersion, migrated, tables: await restoreEmbedded(target.dataDir, file, schemaVersion, options.force ?? false) };
}

/**
 * Restores into a new directory beside the data directory and puts it in the directory's place
 * only once it is complete: a restore that fails leaves the database as it was. The directory's
 * lock is held throughout, so no server starts on it meanwhile.
 */
async function restoreEmbedded(dir: string, file: string, version: SchemaVersion, force: boolean): Promise<Record<string, number>> {
  let release: () => void;
  try {
    release = lockDataDirectory(dir);
  } catch (err) {
    if (err instanceof DataDirectoryInUseError) throw new BackupRefused(`${err.message}\nA restore replaces the database: stop the server first.`);
    throw err;
  }
  const building = `${dir}.restoring`;
  try {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      const existing = new PGlite(dir);
      try {
        if ((await hasData(pgliteQuery(existing))) && !force) throw refuseOverData(`The embedded database in ${dir}`);
      } finally {
        await existing.close();
      }
    }
    fs.rmSync(building, { recursive: true, force: true });
    const client = new PGlite(building);
    let tables: Record<string, number>;
    try {
      await client.waitReady;
      const older = migrationsUpTo(version.when);
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder: older.folder });
      } finally {
        older.remove();
      }
      tables = (await client.transaction((tx) => loadSnapshot(pgliteQuery(tx), file))).tables;
      const handle: DbHandle = {
        db: drizzlePglite(client, { schema }) as unknown as AppDb,
        kind: 'pglite',
        close: () => client.close(),
        listen: () => Promise.reject(new Error('not listening during a restore')),
        observeQueries: () => () => undefined,
      };
      await migrateDatabase(handle);
    } finally {
      await client.close();
    }
    const replaced = `${dir}.replaced-${Date.now()}`;
    if (fs.existsSync(dir)) fs.renameSync(dir, replaced);
    fs.renameSync(building, dir);
    fs.rmSync(replaced, { recursive: true, force: true });
    return tables;
  } catch (err) {
    fs.rmSync(building, { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
}
