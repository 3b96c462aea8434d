/**
 * Planner statistics on the embedded database: refreshed after a write through the API (at most
 * once per interval), never for reads alone, and not on PostgreSQL (autovacuum's job there).
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { addMember, createOrganization, createUser } from '../../test/helpers/fixtures';
import { rowsOf, type AppDb } from './client';
import { keepStatisticsFresh } from './statistics';

/** When the organisations table was last analysed (null: never). */
async function lastAnalyzed(db: AppDb): Promise<string | null> {
  const [row] = await rowsOf<{ at: string | null }>(db, sql`select coalesce(last_analyze, last_autoanalyze)::text as at from pg_stat_user_tables where relname = 'organizations'`);
  return row?.at ?? null;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('planner statistics on the embedded database', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('are refreshed after a write through the API, not after reads', async () => {
    t = await createTestApp({ statisticsRefreshSeconds: 1 });
    if (t.app.dbKind !== 'pglite') return expect(keepStatisticsFresh({ db: t.db, kind: t.app.dbKind }, 1000, () => {})).toBeNull();
    const before = await lastAnalyzed(t.db);
    // (the fixtures below write directly, not through the API: they do not count)
    await t.app.inject({ method: 'GET', url: '/readyz' });
    await pause(1500);
    expect(await lastAnalyzed(t.db)).toBe(before);

    // any write the API answers without an error counts; a sign-in attempt that fails does not
    const refused = await t.app.inject({ method: 'POST', url: '/connect/token', payload: { grant_type: 'password', username: 'nobody', password: 'x' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await pause(1500);
    expect(await lastAnalyzed(t.db)).toBe(before);

    const org = await createOrganization(t.db, 'Statistics Org');
    const user = await createUser(t.db, 'statistics-user');
    await addMember(t.db, user.id, org.id);
    const headers = await t.headersFor(user.id, org.id);
    const page = await t.app.inject({ method: 'POST', url: '/api/page-views', headers, payload: { path: '/dashboard' } });
    expect(page.statusCode).toBeLessThan(400);
    let after = before;
    for (let i = 0; i < 50 && after === before; i += 1) {
      await pause(100);
      after = await lastAnalyzed(t.db);
    }
    expect(after).not.toBe(before);
  }, 20_000);

  it('are left to autovacuum on PostgreSQL', () => {
    expect(keepStatisticsFresh({ db: {} as AppDb, kind: 'postgres' }, 1000, () => {})).toBeNull();
  });
});
