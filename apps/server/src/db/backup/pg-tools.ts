/** PostgreSQL's own pg_dump and pg_restore, for backups of a PostgreSQL database (custom format). */
import { spawn, spawnSync } from 'node:child_process';
import type { SchemaVersion } from './schema-version';
import { readJournal } from './schema-version';

export const PG_TOOLS_MISSING =
  'pg_dump and pg_restore were not found on PATH. Install the PostgreSQL client tools of your server\'s major version ' +
  '(Debian/Ubuntu: apt-get install postgresql-client; Alpine: apk add postgresql-client; macOS: brew install libpq), ' +
  'or take a portable backup with --portable.';

/** The tool's version line ("pg_dump (PostgreSQL) 15.8"), or null when it is not on PATH. */
export function pgToolVersion(tool: 'pg_dump' | 'pg_restore'): string | null {
  const run = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return null;
  return run.stdout.trim();
}

/**
 * The tools' connection: the URL without its password (which would show in the process list),
 * and the password in PGPASSWORD.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv, stdout?: (text: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', stdout ? 'pipe' : 'inherit', 'pipe'] });
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => stdout?.(chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
}

/** The schema version a pg_dump file holds: the latest row of its drizzle.__drizzle_migrations. */
export async function pgDumpSchemaVersion(file: string): Promise<SchemaVersion | null> {
  let text = '';
  await run('pg_restore', ['--data-only', '--schema=drizzle', '--table=__drizzle_migrations', '--file=-', file], process.env, (chunk) => (text += chunk));
  let inCopy = false;
  let latest: number | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('COPY drizzle.__drizzle_migrations')) {
      inCopy = true;
      continue;
    }
    if (!inCopy) continue;
    if (line === '\\.') break;
    const createdAt = Number(line.split('\t')[2]);
    if (Number.isFinite(createdAt) && (latest === null || createdAt > latest)) latest = createdAt;
  }
  if (latest === null) return null;
  const when = latest;
  return { when, tag: readJournal().find((e) => e.when === when)?.tag ?? null };
}

/** Restores a pg_dump file into an emptied database, in one transaction. */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file], env);
}
