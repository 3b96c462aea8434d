/**
 * The bins' week totals (bin_week_totals, kept by the triggers of migration 0025) always equal a
 * recount of fruit_bins: after every kind of write the product makes (intake batches, tipping the
 * oldest bins) and every other change the database allows (updates of any column the key depends
 * on, deletes, a block's or an organisation's cascade, truncate), in random sequences; and after the
 * demo seed, which writes its bins in replica mode.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase } from '../../../test/helpers/db';
import { createHarvestWorld, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { rowsOf, type AppDb } from '../../db/client';
import { seedDemoData } from '../../db/seed/index';
import { insertBinBatches, tipOldestBins } from './bins.repository';
import { inRolledBackTransaction } from '../../../test/helpers/rolled-back';

interface TotalRow {
  key: string;
  not_tipped: number;
  tipped: number;
  tipped_kgs: string;
}

const KEY = sql.raw(`concat_ws('|', organization_id, production_block_id, packhouse_id, variety_id, season, week_start)`);

/** The stored totals and a recount of the bins, both ordered by key. */
async function totalsAndRecount(db: AppDb) {
  const stored = await rowsOf<TotalRow>(
    db,
    sql`select ${KEY} as key, not_tipped, tipped, tipped_kgs::text as tipped_kgs from bin_week_totals order by 1`,
  );
  const recount = await rowsOf<TotalRow>(
    db,
    sql`select ${KEY} as key, (count(*) filter (where not tipped))::int as not_tipped, (count(*) filter (where tipped))::int as tipped,
          coalesce(sum(tipped_kgs::numeric) filter (where tipped), 0)::text as tipped_kgs
        from (select *, received_date - (extract(isodow from received_date)::int - 1) as week_start from fruit_bins) b
        group by organization_id, production_block_id, packhouse_id, variety_id, season, week_start
        order by 1`,
  );
  return { stored, recount };
}

async function expectTotalsEqualRecount(db: AppDb) {
  const { stored, recount } = await totalsAndRecount(db);
  // numeric sums are exact, so the comparison is exact (not a float tolerance)
  expect(stored.map((r) => ({ ...r, tipped_kgs: Number(r.tipped_kgs) }))).toEqual(recount.map((r) => ({ ...r, tipped_kgs: Number(r.tipped_kgs) })));
  expect(stored.every((r) => r.not_tipped + r.tipped > 0)).toBe(true);
}

describe('bin week totals', () => {
  let t: TestApp;
  let w: HarvestWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('hold the harvest world as written, a week per Monday of the received date', async () => {
    await expectTotalsEqualRecount(t.db);
    const [row] = await rowsOf<{ week_start: string }>(t.db, sql`select week_start::text from bin_week_totals where production_block_id = ${w.block.c10b01} and season = 2025`);
    // 2025-05-10 is a Saturday: its ISO week starts on Monday 2025-05-05
    expect(row?.week_start).toBe('2025-05-05');
  });

  it('put a Sunday at the turn of the year in the week of the Monday before it', async () => {
    await insertBinBatches(t.db, w.a.organizationId, w.a.userId, [
      { productionBlockId: w.block.c10b03, packhouseId: w.ph.ph1, varietyId: w.variety.valencia, season: 2026, receivedAt: '2026-01-04T10:00:00Z', receivedDate: '2026-01-04', bins: 2, tipped: false, tippedAt: null, kgsEach: null },
    ]);
    const rows = await rowsOf<{ week_start: string; not_tipped: number }>(
      t.db,
      sql`select week_start::text, not_tipped from bin_week_totals where production_block_id = ${w.block.c10b03} and season = 2026`,
    );
    expect(rows).toEqual([{ week_start: '2025-12-29', not_tipped: 2 }]);
    await expectTotalsEqualRecount(t.db);
  });

  type Op =
    | { kind: 'intake'; block: number; packhouse: number; day: number; bins: number; tipped: boolean; kgs: number }
    | { kind: 'tip'; block: number; packhouse: number; count: number; kgs: number }
    | { kind: 'move'; fraction: number; day: number; packhouse: number }
    | { kind: 'untip'; fraction: number }
    | { kind: 'delete'; fraction: number };

  /** Days around the turn of 2025/2026 and mid-season, so weeks and seasons both change. */
  const DAYS = ['2025-05-05', '2025-05-11', '2025-05-12', '2025-12-28', '2025-12-29', '2026-01-01', '2026-01-04', '2026-01-05'];

  it('equal a recount after any sequence of writes', async () => {
    const blocks = [w.block.c10b01, w.block.c10b02, w.block.c2b01, w.block.c1b01];
    const packhouses = [w.ph.ph1, w.ph.ph2, w.ph.ph3];
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('intake' as const),
        block: fc.constantFrom(...blocks),
        packhouse: fc.constantFrom(...packhouses),
        day: fc.nat(DAYS.length - 1),
        bins: fc.integer({ min: 1, max: 40 }),
        tipped: fc.boolean(),
        kgs: fc.double({ min: 100, max: 600, noNaN: true }),
      }),
      fc.record({
        kind: fc.constant('tip' as const),
        block: fc.constantFrom(...blocks),
        packhouse: fc.constantFrom(...packhouses),
        count: fc.integer({ min: 1, max: 30 }),
        kgs: fc.double({ min: 100, max: 600, noNaN: true }),
      }),
      fc.record({ kind: fc.constant('move' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }), day: fc.nat(DAYS.length - 1), packhouse: fc.constantFrom(...packhouses) }),
      fc.record({ kind: fc.constant('untip' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
      fc.record({ kind: fc.constant('delete' as const), fraction: fc.double({ min: 0, max: 0.5, noNaN: true }) }),
    );
    const variety = new Map<number, number>([
      [w.block.c10b01, w.variety.navel],
      [w.block.c10b02, w.variety.navel],
      [w.block.c2b01, w.variety.navel],
      [w.block.c1b01, w.variety.valencia],
    ]);
    const org = w.a.organizationId;
    // a bin picked by its id's hash, so each operation touches a spread of rows
    const pick = (fraction: number) => sql`(abs(hashint4(id)) % 1000) < ${Math.round(fraction * 1000)}`;

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), (ops) =>
        // each run on the world as created, rolled back after its check (so a counterexample stands alone)
        inRolledBackTransaction(t.db, async (db) => {
        for (const o of ops) {
          if (o.kind === 'intake') {
            const day = DAYS[o.day]!;
            await insertBinBatches(db, org, w.a.userId, [
              {
                productionBlockId: o.block,
                packhouseId: o.packhouse,
                varietyId: variety.get(o.block)!,
                season: Number(day.slice(0, 4)),
                receivedAt: `${day}T10:00:00Z`,
                receivedDate: day,
                bins: o.bins,
                tipped: o.tipped,
                tippedAt: o.tipped ? `${day}T12:00:00Z` : null,
                kgsEach: o.tipped ? o.kgs / o.bins : null,
              },
            ]);
          } else if (o.kind === 'tip') {
            await tipOldestBins(db, org, { productionBlockId: o.block, packhouseId: o.packhouse, count: o.count, kgsEach: o.kgs / 3, tippedAt: '2026-01-06T08:00:00Z' });
          } else if (o.kind === 'move') {
            const day = DAYS[o.day]!;
            await db.execute(
              sql`update fruit_bins set received_date = ${day}::date, season = ${Number(day.slice(0, 4))}, packhouse_id = ${o.packhouse} where organization_id = ${org} and ${pick(o.fraction)}`,
            );
          } else if (o.kind === 'untip') {
            await db.execute(sql`update fruit_bins set tipped = false, tipped_kgs = null, tipped_at = null where tipped and ${pick(o.fraction)}`);
          } else {
            await db.execute(sql`delete from fruit_bins where ${pick(o.fraction)}`);
          }
        }
        await expectTotalsEqualRecount(db);
      })),
      { numRuns: 80 },
    );
  });

  it('follow a production block and an organisation when they are deleted, and a truncate', async () => {
    await t.db.execute(sql`delete from production_blocks where id = ${w.block.c1b01}`);
    await expectTotalsEqualRecount(t.db);
    const left = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from bin_week_totals where production_block_id = ${w.block.c1b01}`);
    expect(left[0]?.n).toBe(0);

    await t.db.execute(sql`delete from organizations where id = ${w.growerG.organizationId}`);
    await expectTotalsEqualRecount(t.db);

    await t.db.execute(sql`truncate fruit_bins`);
    const { stored } = await totalsAndRecount(t.db);
    expect(stored).toEqual([]);
  });
});

describe('bin week totals of the demo seed', () => {
  it('equal a recount of the bins it writes (in replica mode, with its indexes set aside)', async () => {
    const handle = await createTestDatabase();
    try {
      await seedDemoData(handle, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
      const { stored } = await totalsAndRecount(handle.db);
      expect(stored.length).toBeGreaterThan(10);
      await expectTotalsEqualRecount(handle.db);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
