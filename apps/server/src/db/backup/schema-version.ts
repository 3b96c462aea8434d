/**
 * The schema version a backup records: the latest applied migration (its journal `when`, which
 * drizzle stores as `created_at` in drizzle.__drizzle_migrations, and its tag).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findMigrationsFolder } from '../migrate';

export interface SchemaVersion {
  /** the migration's journal timestamp (ms) */
  when: number;
  /** the migration's name (0028_...); null when this version of the code does not know it */
  tag: string | null;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(folder = findMigrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The latest migration this version of the code has. */
export function latestSchemaVersion(): SchemaVersion {
  const last = readJournal().at(-1)!;
  return { when: last.when, tag: last.tag };
}

export const describeVersion = (v: SchemaVersion) => v.tag ?? `an unknown migration (${new Date(v.when).toISOString()})`;

/**
 * How a file's schema compares with the code's: 'newer' (refused), 'current', 'older' (migrated
 * after the restore), or 'unknown' (no migration of this code has that timestamp).
 */
export function compareWithCode(version: SchemaVersion): 'newer' | 'current' | 'older' | 'unknown' {
  const entries = readJournal();
  const latest = entries.at(-1)!;
  if (version.when > latest.when) return 'newer';
  if (!entries.some((e) => e.when === version.when)) return 'unknown';
  return version.when === latest.when ? 'current' : 'older';
}

/**
 * A copy of the migrations folder holding only the migrations up to `when`: migrating an empty
 * database with it builds the schema a backup of that version was taken from. Returns the folder
 * and a function that removes it.
 */
export function migrationsUpTo(when: number, source = findMigrationsFolder()): { folder: string; remove(): void } {
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const entries = journal.entries.filter((e) => e.when <= when);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
