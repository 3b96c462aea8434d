/**
 * Picking demo data around the reference date: the picking progress types, producer-view rows for
 * the grower's PUCs and varieties (each to its main Sundays River Packers packhouse, a quarter of
 * them also to a second one) with ten weeks of bins either side of the reference week, capacity of
 * the three packhouses over the same 21 weeks, and daily bin estimates per PUC for the 14 days the
 * picking schedule by PUC shows at the reference date.
 *
 * Everything hangs off ctx.referenceDate, so `npm start` (which seeds with today's date) has rows
 * in the windows the screens open on, and tests passing a fixed date get the same data every run.
 */
import { instantOn } from '@orchard/shared/core';
import { addIsoWeeks, isoWeekOf, isoWeekRange, mondayOfIsoWeek, pucScheduleDays, type IsoWeek } from '@orchard/shared/picking';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../client';
import { fruitBinEstimates, packhouseCapacities, pickingEstimates, pickingEstimateWeeks, pickingProgressTypes } from '../../schema/index';
import type { SeedContext, SeedPart } from '../context';
import { DEMO_PACKHOUSES } from '../data';
import { DEMO_VARIETIES, harvestSeedIds } from './harvest';
import { mustGet } from './places';

export const DEMO_PICKING_PROGRESS_TYPES = ['Not Started', 'Picking', 'Completed', 'On Hold'] as const;

/** Weeks of rows and capacity on either side of the reference week. */
const WEEKS_AROUND = 10;

/** The reference date's calendar day in South Africa (UTC+2, no daylight saving). */
function referenceDay(ctx: SeedContext): string {
  return new Date(ctx.referenceDate.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

export const pickingPart: SeedPart = {
  name: 'picking',
  async run(ctx) {
    const rng = ctx.rng.fork('picking');
    const harvest = harvestSeedIds(ctx);
    const grower = mustGet(ctx.ids.organizations, 'grower', 'organisation');
    const managerId = ctx.ids.users.get('manager') ?? null;
    const packhouseUserId = ctx.ids.users.get('packhouse') ?? null;
    const day = referenceDay(ctx);
    const referenceWeek = isoWeekOf(day);
    const weeks = isoWeekRange(addIsoWeeks(referenceWeek, -WEEKS_AROUND), addIsoWeeks(referenceWeek, WEEKS_AROUND));

    const progressRows = await ctx.insertReturning(
      pickingProgressTypes,
      DEMO_PICKING_PROGRESS_TYPES.map((name) => ({ pickingProgressType: name })),
    );
    const progress = new Map(progressRows.map((p) => [p.pickingProgressType, p.id]));

    const packhouseIds = DEMO_PACKHOUSES.filter((p) => p.linkedTo.includes('grower')).map((p) => mustGet(ctx.ids.packhouses, p.name, 'packhouse'));

    // PUC x variety of the grower, from its production blocks, in a stable order
    const pairs = [
      ...new Map(
        harvest.productionBlocks
          .filter((b) => b.organizationId === grower)
          .map((b) => [`${b.pucName}/${b.varietyName}`, { pucName: b.pucName, varietyName: b.varietyName }]),
      ).values(),
    ].sort((a, b) => a.pucName.localeCompare(b.pucName) || a.varietyName.localeCompare(b.varietyName));

    // expected projected tonnes: the latest estimate of each block this season, ha x adjusted t/ha
    const tonnes = await rowsOf<{ puc_id: number; variety_id: number; tonnes: number }>(
      ctx.tx,
      sql`select pb.puc_id, pb.variety_id, sum(l.ha * l.adjusted)::float8 as tonnes
          from production_blocks pb
          join lateral (
            select ye.ha, ye.tonnes_per_ha_adjusted as adjusted from yield_estimates ye
            where ye.production_block_id = pb.id and ye.season = ${harvest.season}
            order by ye.created_at desc, ye.id desc limit 1
          ) l on true
          where pb.organization_id = ${grower}
          group by pb.puc_id, pb.variety_id`,
    );
    const tonnesBy = new Map(tonnes.map((t) => [`${t.puc_id}/${t.variety_id}`, Number(t.tonnes)]));

    interface RowPlan {
      pucId: number;
      varietyId: number;
      packhouseId: number;
      share: number;
      expected: number | null;
      avgBinWeight: number;
      firstWeek: number;
      peak: number;
    }
    const plans: RowPlan[] = [];
    for (const pair of pairs) {
      const pucId = mustGet(harvest.pucs, pair.pucName, 'PUC');
      const varietyId = mustGet(harvest.varieties, pair.varietyName, 'variety');
      const variety = DEMO_VARIETIES.find((v) => v.name === pair.varietyName)!;
      const expected = tonnesBy.get(`${pucId}/${varietyId}`) ?? null;
      const avgBinWeight = Math.round((variety.binKgs[0] + variety.binKgs[1]) / 2);
      const main = rng.pick(packhouseIds);
      const peak = rng.int(-4, 6);
      const base = { pucId, varietyId, expected: expected === null ? null : round(expected, 1), avgBinWeight, peak };
      // first week of harvest: some weeks before the peak
      const first = addIsoWeeks(referenceWeek, peak - rng.int(3, 8)).week;
      if (rng.chance(0.25)) {
        const second = rng.pick(packhouseIds.filter((id) => id !== main));
        plans.push({ ...base, packhouseId: main, share: 0.7, firstWeek: first });
        plans.push({ ...base, packhouseId: second, share: 0.3, firstWeek: first });
      } else {
        plans.push({ ...base, packhouseId: main, share: 1, firstWeek: first });
      }
    }

    const inserted = await ctx.insertReturning(
      pickingEstimates,
      plans.map((p) => ({
        organizationId: grower,
        pucId: p.pucId,
        varietyId: p.varietyId,
        packhouseId: p.packhouseId,
        estimatedFirstWeek: p.firstWeek,
        expectedProjectedTonnes: p.expected === null ? null : round(p.expected * p.share, 1),
        firstProjectedTonnes: p.expected === null ? null : round(p.expected * p.share * rng.float(0.85, 1.1), 1),
        avgBinWeight: p.avgBinWeight,
        updatedAt: ctx.daysBefore(rng.float(1, 20)),
      })),
    );

    // weeks: a bell around each row's peak week, with the odd empty week
    const weekRows: (typeof pickingEstimateWeeks.$inferInsert)[] = [];
    plans.forEach((p, i) => {
      const rowId = inserted[i]!.id;
      const totalBins = p.expected === null ? rng.int(40, 200) : (p.expected * p.share * 1000) / p.avgBinWeight;
      weeks.forEach((week, index) => {
        const distance = index - WEEKS_AROUND - p.peak;
        const weight = Math.exp(-(distance * distance) / 18);
        if (weight < 0.05 || rng.chance(0.1)) return;
        weekRows.push({
          pickingEstimateId: rowId,
          year: week.year,
          week: week.week,
          binCount: Math.min(99_999, Math.round((totalBins / 7.5) * weight * rng.float(0.8, 1.2))),
          updatedBy: managerId,
          updatedAt: updatedAtOf(ctx, week, rng.int(3, 10)),
        });
      });
    });
    await ctx.insert(pickingEstimateWeeks, weekRows);

    // capacity of the three packhouses for the same weeks
    const capacityRows: (typeof packhouseCapacities.$inferInsert)[] = [];
    for (const packhouseId of packhouseIds) {
      const usual = rng.int(30, 80) * 50;
      for (const week of weeks) {
        capacityRows.push({
          packhouseId,
          year: week.year,
          week: week.week,
          capacity: Math.round((usual * rng.float(0.85, 1.15)) / 50) * 50,
          updatedBy: packhouseUserId,
          updatedAt: updatedAtOf(ctx, week, rng.int(10, 20)),
        });
      }
    }
    await ctx.insert(packhouseCapacities, capacityRows);

    // daily bin estimates per PUC and variety for the 14 days shown at the reference date
    const days = pucScheduleDays(day);
    const cellRows: (typeof fruitBinEstimates.$inferInsert)[] = [];
    const seenPairs = new Set<string>();
    for (const p of plans) {
      const key = `${p.pucId}/${p.varietyId}`;
      if (seenPairs.has(key)) continue;
      seenPairs.add(key);
      for (const d of days) {
        if (!rng.chance(0.6)) continue;
        const status = d.isPast || d.isToday ? (rng.chance(0.85) ? 'Picking' : 'Completed') : rng.chance(0.8) ? 'Picking' : 'Not Started';
        cellRows.push({
          organizationId: grower,
          pucId: p.pucId,
          varietyId: p.varietyId,
          date: d.date,
          bins: rng.int(5, 60),
          packhouseId: p.packhouseId,
          pickingProgressId: mustGet(progress, status, 'picking progress'),
          userId: managerId,
          updatedAt: ctx.daysBefore(rng.float(0, 3)),
        });
      }
    }
    await ctx.insert(fruitBinEstimates, cellRows);
  },
};

/** When a week's figure was last saved: some days before its Monday, never after the reference date. */
function updatedAtOf(ctx: SeedContext, week: IsoWeek, daysBefore: number): Date {
  const monday = instantOn(mondayOfIsoWeek(week.year, week.week), '09:00').getTime() - daysBefore * 86_400_000;
  return new Date(Math.min(monday, ctx.referenceDate.getTime()));
}
