/**
 * A fresh, migrated database per test file: PGlite in memory by default, or a new PostgreSQL
 * database (created and dropped here) when TEST_DATABASE_URL is set.
 *
 * Databases start from a migrated template instead of running every migration again, named by a
 * hash of the migrations (so a changed migration makes a new one): on PGlite the files of a migrated
 * database kept in the OS temp directory (the hash also covers the PGlite build), on PostgreSQL a
 * template database `oo_tpl_<hash>` that the first file to need it makes under an advisory lock
 * (templates of other migrations are dropped then). Each database then gives its tables their
 * change notices and synchronises the catalogues itself (they follow the code, not the migrations).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../src/db/client';
import { installChangeNotices } from '../../src/db/changes';
import { findMigrationsFolder, migrateDatabase, syncCatalogues } from '../../src/db/migrate';

/** The files under `dir`, sorted, with their contents, into `hash`. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string) {
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(name);
    hash.update(fs.readFileSync(file));
  }
}

/** The PGlite package the tests run on (its version decides the data files' format). */
function pglitePackageJson(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('@electric-sql/pglite is not installed');
  }
}

const migrationsHash = () => {
  const hash = createHash('sha256');
  hashTree(hash, findMigrationsFolder());
  return hash;
};

async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = migrationsHash();
  hash.update(fs.readFileSync(pglitePackageJson()));
  const file = path.join(os.tmpdir(), `orchard-test-pglite-${hash.digest('hex').slice(0, 20)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(handle);
    const dump = await handle.dumpDataDir!();
    // written whole, then renamed: a file running in parallel never reads half a template
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await handle.close();
  }
}

export async function createTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
    await installChangeNotices(handle.db);
    await syncCatalogues(handle);
    return handle;
  }
  const template = await migratedPostgresTemplate(url);
  const name = `oo_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 5 });
  await installChangeNotices(handle.db);
  await syncCatalogues(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Serialises making the PostgreSQL template between test files (an arbitrary constant). */
const TEMPLATE_LOCK_KEY = '7391482650113031';

async function migratedPostgresTemplate(url: string): Promise<string> {
  const template = `oo_tpl_${migrationsHash().digest('hex').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1::bigint)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) {
      // made under another name and renamed when whole: a failed attempt never leaves a half template
      const building = `${template}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const buildingUrl = new URL(url);
      buildingUrl.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: buildingUrl.toString(), poolSize: 2 });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'oo\\_tpl\\_%' AND datname <> $1", [template]);
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1::bigint)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}
