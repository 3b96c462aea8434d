/** Test helpers around the change notices (src/db/changes.ts). */
import { sql } from 'drizzle-orm';
import { CHANGE_TRIGGER } from '../../src/db/changes';
import type { TestApp } from './app';

/** Changes to `table` made inside `work` are not announced, as if the change feed had missed them. */
export async function unannounced<T>(t: Pick<TestApp, 'db'>, table: string, work: () => Promise<T>): Promise<T> {
  await t.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${CHANGE_TRIGGER}`));
  try {
    return await work();
  } finally {
    await t.db.execute(sql.raw(`ALTER TABLE ${table} ENABLE ALWAYS TRIGGER ${CHANGE_TRIGGER}`));
  }
}

/**
 * Lets the notices of changes committed so far reach the app. PGlite hands them over before the
 * writing statement returns; PostgreSQL sends them to the app's listening connection, a moment later.
 */
export async function settle(t: Pick<TestApp, 'handle'>): Promise<void> {
  if (t.handle.kind === 'pglite') return;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
