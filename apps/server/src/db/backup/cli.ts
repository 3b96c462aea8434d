/**
 * Backs up and restores the configured database (docs/backup.md):
 *   tsx src/db/backup/cli.ts backup FILE [--portable]
 *   tsx src/db/backup/cli.ts restore FILE [--force]
 * Reads the server's configuration: DATABASE_URL when set, else the embedded database in DATA_DIR
 * (default ./data, resolved from the current directory). Exit codes: 0 done, 1 refused or failed,
 * 2 bad usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { BackupRefused, backupDatabase, restoreDatabase, type DatabaseTarget } from './backup';
import { BackupFileError } from './snapshot-load';

const USAGE = `Usage:
  npm run db:backup -- FILE [--portable]   write a backup of the database to FILE
  npm run db:restore -- FILE [--force]     restore FILE into the database
  --portable  on PostgreSQL, the portable format instead of pg_dump's (the embedded database always uses it)
  --force     restore over a database that has data (replacing all of it)`;

function target(): DatabaseTarget {
  // only the database settings matter here: the server's other requirements (a JWT secret in
  // production) are not asked of a backup
  const config = loadConfig({ ...process.env, NODE_ENV: undefined, JWT_SECRET: undefined });
  return { databaseUrl: config.databaseUrl, dataDir: path.resolve(process.cwd(), config.dataDir) };
}

const totalRows = (tables?: Record<string, number>) => (tables ? Object.values(tables).reduce((a, b) => a + b, 0) : undefined);

async function main(argv: string[]): Promise<number> {
  let verb: string | undefined;
  let file: string | undefined;
  let force = false;
  let portable = false;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' }, portable: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    [verb, file] = positionals;
    force = values.force ?? false;
    portable = values.portable ?? false;
    if (positionals.length !== 2 || (verb !== 'backup' && verb !== 'restore')) throw new Error('Expected a verb (backup or restore) and a FILE.');
    if (verb === 'backup' && force) throw new Error('--force belongs to restore.');
    if (verb === 'restore' && portable) throw new Error('--portable belongs to backup (restore reads either format).');
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }

  let where: DatabaseTarget;
  try {
    where = target();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  console.log(where.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded, ${where.dataDir}`);
  const log = (line: string) => console.log(line);
  try {
    if (verb === 'backup') {
      const started = performance.now();
      const result = await backupDatabase(where, file!, { portable, log });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const rows = totalRows(result.tables);
      const size = fs.statSync(file!).size;
      console.log(
        `Backup written to ${file} (${result.format === 'pg_dump' ? 'pg_dump custom format' : 'portable format'}, ${size} bytes` +
          `${rows === undefined ? '' : `, ${rows} rows in ${Object.keys(result.tables!).length} tables`}) in ${seconds} s.`,
      );
      return 0;
    }
    const result = await restoreDatabase(where, file!, { force, log });
    const rows = totalRows(result.tables);
    console.log(
      `Restored ${file}${rows === undefined ? '' : ` (${rows} rows)`}${result.migrated ? ', then migrated to the current schema' : ''}. ` +
        'Start the server as usual.',
    );
    return 0;
  } catch (err) {
    if (err instanceof BackupRefused || err instanceof BackupFileError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
