/** Reading the portable backup format (snapshot.ts): its header, and its rows into a database. */
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { FORMAT_NAME, FORMAT_VERSION, publicTables, quoteIdent, type Query, type SnapshotHeader, type SnapshotSummary } from './snapshot';

export class BackupFileError extends Error {
  constructor(file: string, why: string) {
    super(`${file} is not a usable backup: ${why}`);
    this.name = 'BackupFileError';
  }
}

function lines(file: string): readline.Interface {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  return readline.createInterface({ input, crlfDelay: Infinity });
}

export async function readSnapshotHeader(file: string): Promise<SnapshotHeader> {
  const rl = lines(file);
  try {
    for await (const line of rl) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new BackupFileError(file, 'its first line is not a backup header');
      }
      if (!Array.isArray(parsed) || parsed[0] !== FORMAT_NAME) throw new BackupFileError(file, 'its first line is not a backup header');
      const header = parsed[1] as SnapshotHeader;
      if (header.formatVersion > FORMAT_VERSION) {
        throw new BackupFileError(file, `it was written in format ${header.formatVersion}, newer than this version reads (${FORMAT_VERSION})`);
      }
      return header;
    }
    throw new BackupFileError(file, 'it is empty');
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw new BackupFileError(file, (err as Error).message);
  } finally {
    rl.close();
  }
}

/**
 * Reads the whole file once before anything is touched: it must end with its end line, and hold
 * the rows that line counts (a file cut short, or damaged, is refused up front).
 */
export async function verifySnapshotFile(file: string): Promise<SnapshotSummary> {
  const counted: Record<string, number> = {};
  let table: string | null = null;
  let ended: SnapshotSummary | null = null;
  try {
    for await (const line of lines(file)) {
      if (ended) throw new BackupFileError(file, 'it has lines after its end');
      if (line.startsWith('{')) {
        if (table) counted[table] = (counted[table] ?? 0) + 1;
        continue;
      }
      const meta = JSON.parse(line) as unknown[];
      table = meta[0] === 'table' ? String(meta[1]) : null;
      if (table) counted[table] = 0;
      if (meta[0] === 'end') ended = meta[1] as SnapshotSummary;
    }
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw new BackupFileError(file, `it cannot be read to its end (${(err as Error).message})`);
  }
  if (!ended) throw new BackupFileError(file, 'it ends before its last line (the backup was cut short)');
  for (const [name, rows] of Object.entries(ended.tables)) {
    if ((counted[name] ?? 0) !== rows) throw new BackupFileError(file, `table ${name} holds ${counted[name] ?? 0} rows, its end says ${rows}`);
  }
  return ended;
}

const BATCH_ROWS = 500;

/**
 * Replaces every row of the database's public tables with the file's rows, and sets its
 * sequences. Call it as the work of one transaction on a database whose schema is at the file's
 * version. Foreign keys are not checked while loading (the rows come from one consistent
 * snapshot, so they hold), and the tables' own triggers do not fire (the summary tables they keep
 * are in the file as they were).
 */
export async function loadSnapshot(query: Query, file: string): Promise<SnapshotSummary> {
  await query('SET LOCAL session_replication_role = replica');
  const always = (
    await query(`
      SELECT c.relname AS tbl, t.tgname AS trg FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal AND t.tgenabled = 'A'`)
  ).rows.map((r) => ({ table: String(r.tbl), trigger: String(r.trg) }));
  for (const t of always) await query(`ALTER TABLE ${quoteIdent(t.table)} DISABLE TRIGGER ${quoteIdent(t.trigger)}`);

  const tables = new Map((await publicTables(query)).map((t) => [t.name, t.columns]));
  // the rows the migrations themselves wrote (permissions, catalogues) are in the file too
  if (tables.size > 0) await query(`TRUNCATE ${[...tables.keys()].map(quoteIdent).join(', ')}`);

  const loaded: SnapshotSummary = { tables: {} };
  let current: { name: string; insert: string } | null = null;
  let batch: string[] = [];
  let ended: SnapshotSummary | null = null;
  const flush = async () => {
    if (!current || batch.length === 0) return;
    await query(current.insert, [`[${batch.join(',')}]`]);
    loaded.tables[current.name] = (loaded.tables[current.name] ?? 0) + batch.length;
    batch = [];
  };

  let first = true;
  for await (const line of lines(file)) {
    if (first) {
      first = false;
      continue;
    }
    if (ended) throw new BackupFileError(file, 'it has lines after its end');
    if (line.startsWith('{')) {
      if (!current) throw new BackupFileError(file, 'a row comes before its table');
      batch.push(line);
      if (batch.length >= BATCH_ROWS) await flush();
      continue;
    }
    await flush();
    const meta = JSON.parse(line) as unknown[];
    switch (meta[0]) {
      case 'table': {
        const name = String(meta[1]);
        const columns = meta[2] as string[];
        if (!tables.has(name)) throw new BackupFileError(file, `its table ${name} does not exist at its own schema version`);
        const list = columns.map(quoteIdent).join(', ');
        current = {
          name,
          insert: `INSERT INTO ${quoteIdent(name)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${quoteIdent(name)}, $1::json)`,
        };
        loaded.tables[name] = 0;
        break;
      }
      case 'sequence': {
        current = null;
        const [, name, value, isCalled] = meta as [string, string, string, boolean];
        const [exists] = (await query('SELECT to_regclass($1) IS NOT NULL AS ok', [`public.${quoteIdent(name)}`])).rows;
        if (exists?.ok) await query(`SELECT setval('public.${quoteIdent(name).replace(/'/g, "''")}', $1::bigint, $2)`, [value, isCalled]);
        break;
      }
      case 'end':
        current = null;
        ended = meta[1] as SnapshotSummary;
        break;
      default:
        throw new BackupFileError(file, `unknown line ${line.slice(0, 40)}`);
    }
  }
  await flush();
  if (!ended) throw new BackupFileError(file, 'it ends before its last line (the backup was cut short)');
  for (const [name, rows] of Object.entries(ended.tables)) {
    if ((loaded.tables[name] ?? 0) !== rows) throw new BackupFileError(file, `table ${name} holds ${loaded.tables[name] ?? 0} rows, its end says ${rows}`);
  }
  for (const t of always) await query(`ALTER TABLE ${quoteIdent(t.table)} ENABLE ALWAYS TRIGGER ${quoteIdent(t.trigger)}`);
  return loaded;
}
