/**
 * The portable backup format: a consistent logical snapshot of every table, the same for both
 * engines (docs/backup.md, docs/decisions/0006-backups.md).
 *
 * A gzip-compressed text file, one JSON value a line:
 *   ["orchard-ops-backup", { formatVersion, createdAt, source, schema: { when, tag } }]
 *   ["table", name, [columns...]]        then one line per row: the row as a JSON object
 *   ["sequence", name, last_value, is_called]
 *   ["end", { tables: { name: rows } }]  (a file without it was cut short and is refused)
 * Meta lines are arrays and row lines objects, so a row never reads as a meta line.
 *
 * Written from inside one read-only REPEATABLE READ transaction: every table is read as of the same
 * moment, so a transaction's rows are all in the file or none are. Rows are restored with
 * json_populate_recordset into the same table at the same schema version, which turns every
 * value back into its column's type.
 */
import { readJournal, type SchemaVersion } from './schema-version';

export const FORMAT_NAME = 'orchard-ops-backup';
export const FORMAT_VERSION = 1;

/** A statement runner inside an open transaction: PGlite's `tx.query` or a pg client's `query`. */
export type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface SnapshotHeader {
  formatVersion: number;
  createdAt: string;
  source: 'embedded' | 'postgres';
  schema: SchemaVersion;
}

export interface SnapshotSummary {
  tables: Record<string, number>;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Read-only REPEATABLE READ: the first statement of the transaction the snapshot is read in. */
export const SNAPSHOT_TRANSACTION = 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY';

const FETCH_ROWS = 2000;
const FLUSH_BYTES = 256 * 1024;

/** The latest migration applied to the database, or null when it has never been migrated. */
export async function appliedSchemaVersion(query: Query): Promise<SchemaVersion | null> {
  const [table] = (await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`)).rows;
  if (!table?.ok) return null;
  const [row] = (await query('SELECT max(created_at)::text AS v FROM drizzle.__drizzle_migrations')).rows;
  if (!row?.v) return null;
  const when = Number(row.v);
  const tag = readJournal().find((e) => e.when === when)?.tag ?? null;
  return { when, tag };
}

/** The tables of the public schema with the columns a row is written with (generated ones are left out). */
export async function publicTables(query: Query): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await query(`
    SELECT c.relname AS name, array_to_json(array_agg(a.attname::text ORDER BY a.attnum))::text AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    GROUP BY c.relname
    ORDER BY c.relname`);
  return rows.map((r) => ({ name: String(r.name), columns: JSON.parse(String(r.columns)) as string[] }));
}

export async function publicSequences(query: Query): Promise<string[]> {
  const { rows } = await query(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`);
  return rows.map((r) => String(r.name));
}

/**
 * Writes the snapshot of the database `query` reads. Call it as the work of a transaction whose
 * first statement was SNAPSHOT_TRANSACTION. `write` receives text to append (it may wait, for
 * back-pressure).
 */
export async function writeSnapshot(query: Query, write: (text: string) => Promise<void>, source: SnapshotHeader['source']): Promise<SnapshotSummary> {
  const schema = await appliedSchemaVersion(query);
  if (!schema) throw new Error('The database has no schema yet (it was never migrated): there is nothing to back up.');
  let buffer = '';
  const flush = async (force = false) => {
    if (!force && buffer.length < FLUSH_BYTES) return;
    const text = buffer;
    buffer = '';
    if (text) await write(text);
  };
  const line = async (value: unknown) => {
    buffer += `${JSON.stringify(value)}\n`;
    await flush();
  };
  const header: SnapshotHeader = { formatVersion: FORMAT_VERSION, createdAt: new Date().toISOString(), source, schema };
  await line([FORMAT_NAME, header]);
  const summary: SnapshotSummary = { tables: {} };
  for (const table of await publicTables(query)) {
    await line(['table', table.name, table.columns]);
    const select = `SELECT row_to_json(r)::text AS j FROM (SELECT ${table.columns.map(quoteIdent).join(', ')} FROM ONLY ${quoteIdent(table.name)}) r`;
    await query(`DECLARE orchard_backup NO SCROLL CURSOR FOR ${select}`);
    let count = 0;
    for (;;) {
      const { rows } = await query(`FETCH ${FETCH_ROWS} FROM orchard_backup`);
      for (const row of rows) buffer += `${String(row.j)}\n`;
      count += rows.length;
      await flush();
      if (rows.length < FETCH_ROWS) break;
    }
    await query('CLOSE orchard_backup');
    summary.tables[table.name] = count;
  }
  // read after the rows: a sequence is not part of the snapshot, so its value now is at least any
  // value a row above holds
  for (const name of await publicSequences(query)) {
    const [row] = (await query(`SELECT last_value::text AS v, is_called FROM ${quoteIdent(name)}`)).rows;
    await line(['sequence', name, String(row!.v), Boolean(row!.is_called)]);
  }
  await line(['end', summary]);
  await flush(true);
  return summary;
}
