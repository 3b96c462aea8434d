/**
 * weekWithin, the week bounds of every schedule and capacity read: compared as (year, week) pairs
 * so that an index on (..., year, week) serves it. It keeps exactly the weeks whose key
 * (year * 100 + week) lies within the bounds, across the turn of a year and for week 53.
 */
import fc from 'fast-check';
import { asc, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../db/client';
import { weekWithin } from './picking-shared';

const weeks = pgTable('oo_test_weeks', { year: integer('year').notNull(), week: integer('week').notNull() });

describe('weekWithin', () => {
  let handle: DbHandle;
  const stored: { year: number; week: number }[] = [];
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.db.execute(sql`create table oo_test_weeks (year int not null, week int not null)`);
    for (const year of [2025, 2026, 2027]) for (let week = 1; week <= 53; week++) stored.push({ year, week });
    await handle.db.insert(weeks).values(stored);
  });
  afterAll(() => handle.close());

  const within = async (fromKey: number, toKey: number) =>
    (await handle.db.select().from(weeks).where(weekWithin(weeks.year, weeks.week, { fromKey, toKey })).orderBy(asc(weeks.year), asc(weeks.week))).map(
      (w) => w.year * 100 + w.week,
    );

  it('keeps the weeks across the turn of the year, week 53 included', async () => {
    expect(await within(202552, 202602)).toEqual([202552, 202553, 202601, 202602]);
    expect(await within(202601, 202601)).toEqual([202601]);
    expect(await within(202602, 202601)).toEqual([]);
  });

  it('keeps exactly the weeks whose key lies within the bounds', async () => {
    const key = fc.record({ year: fc.integer({ min: 2024, max: 2028 }), week: fc.integer({ min: 1, max: 53 }) }).map((w) => w.year * 100 + w.week);
    await fc.assert(
      fc.asyncProperty(key, key, async (a, b) => {
        const [fromKey, toKey] = a <= b ? [a, b] : [b, a];
        const expected = stored.map((w) => w.year * 100 + w.week).filter((k) => k >= fromKey && k <= toKey);
        expect(await within(fromKey, toKey)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});
