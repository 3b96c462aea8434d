/** Test helpers around the change notices (src/db/changes.ts). */
import { sql } from 'drizzle-orm';
import { CHANGE_TRIGGER, COUNT_ACCESS_CHANGE, installChangeNotices } from '../../src/db/changes';
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
 * Changes to access tables made inside `work` are counted (db/changes.ts) but never announced, as if
 * their notice were lost on its way: only the count tells this instance.
 */
export async function noticeLost<T>(t: Pick<TestApp, 'db'>, work: () => Promise<T>): Promise<T> {
  await t.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${CHANGE_TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${COUNT_ACCESS_CHANGE}
  RETURN NULL;
END
$fn$`),
  );
  try {
    return await work();
  } finally {
    await installChangeNotices(t.db);
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
