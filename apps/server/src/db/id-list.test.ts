import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db';
import { rowsOf, type DbHandle } from './client';
import { inIdList } from './id-list';

describe('inIdList', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const matching = async (ids: readonly number[]) =>
    (await rowsOf<{ x: number }>(handle.db, sql`select x from generate_series(1, 3000) x where ${inIdList(sql`x`, ids)} order by x`)).map((r) => r.x);

  it('matches exactly the listed ids, however many, as one parameter', async () => {
    expect(await matching([3, 1, 2, 1])).toEqual([1, 2, 3]);
    expect(await matching([])).toEqual([]);
    expect(await matching([0, 3001, -5])).toEqual([]);
    const many = Array.from({ length: 2000 }, (_, i) => i * 3 + 1).filter((x) => x <= 3000);
    expect(await matching(many)).toEqual(many);
    // one parameter whatever the list's length: the statement's text does not change with it
    const { params } = new PgDialect().sqlToQuery(sql`select 1 where ${inIdList(sql`x`, many)}`);
    expect(params).toHaveLength(1);
  });
});
