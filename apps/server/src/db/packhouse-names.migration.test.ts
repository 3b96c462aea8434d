/**
 * The migration that makes packhouse names unique ignoring inner spacing too ("QA  Packhouse" and
 * "QA Packhouse" are one name). A database that already holds names differing only so keeps every
 * packhouse: each later one is renamed with its id in brackets, as migration 0010 did for case and
 * surrounding spaces, so that the unique index can be built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './client';
import { findMigrationsFolder, migrateDatabase } from './migrate';
import { packhouses } from './schema/index';

const TAG_SUFFIX = '_packhouse_name_spacing';

/** A copy of the migrations folder whose journal ends just before the migration ending in `suffix`. */
function migrationsBefore(suffix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-migrations-'));
  fs.cpSync(findMigrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(suffix));
  if (at < 0) throw new Error(`no migration ending in ${suffix}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('packhouse names unique ignoring inner spacing (migration)', () => {
  let handle: DbHandle;
  let before: string;
  beforeAll(async () => {
    before = migrationsBefore(TAG_SUFFIX);
    handle = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps every packhouse of a database holding such names, renaming each later one with its id', async () => {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: before });
    const names = ['QA Packhouse', 'QA  Packhouse', 'qa\tpackhouse', 'Other Packhouse', 'Other   Packhouse', 'Alone  Packhouse'];
    const ids = (await handle.db.insert(packhouses).values(names.map((name) => ({ name }))).returning({ id: packhouses.id })).map((r) => r.id);

    await migrateDatabase(handle);

    const rows = await handle.db.select({ id: packhouses.id, name: packhouses.name }).from(packhouses).orderBy(asc(packhouses.id));
    expect(rows).toEqual([
      { id: ids[0], name: 'QA Packhouse' },
      { id: ids[1], name: `QA  Packhouse (${ids[1]})` },
      { id: ids[2], name: `qa\tpackhouse (${ids[2]})` },
      { id: ids[3], name: 'Other Packhouse' },
      { id: ids[4], name: `Other   Packhouse (${ids[4]})` },
      // a name that differs from no other keeps its spacing
      { id: ids[5], name: 'Alone  Packhouse' },
    ]);
    // and from now on the database itself refuses another spelling of a taken name
    await expect(handle.db.insert(packhouses).values({ name: 'QA \t Packhouse' })).rejects.toThrow();
  });
});
