/**
 * Harvest demo data: citrus varieties, PUCs on the growers' farms, farm blocks, production blocks
 * (mostly linked to a farm block, a few not), this season's yield estimates (some blocks without
 * one, some with a history of saves) and a season of bins delivered to the Sundays River Packers
 * packhouses up to the reference date: each variety is picked in its own window, so blocks range
 * from finished to barely started (or not started) whatever day the demo world is built on.
 *
 * Bins are generated inside the database from one small plan row per block (harvest-bins), so
 * `scale` (which multiplies the bins) reaches a million bins in seconds.
 */
import { farmBlocks, productionBlocks, pucs, varieties, yieldEstimates } from '../../schema/index';
import type { SeedContext, SeedPart } from '../context';
import { DEMO_FARMS, DEMO_PACKHOUSES, type DemoOrganizationKey } from '../data';
import type { Prng } from '../prng';
import { insertBins, type BlockPlan } from './harvest-bins';
import { mustGet } from './places';

export interface DemoVariety {
  name: string;
  commodity: string;
  /** usual original estimate, tonnes per hectare */
  tonnesPerHa: readonly [number, number];
  /** tipped bin weight, kg */
  binKgs: readonly [number, number];
  /** picking window in the South African season, [month, day] (1-based months) */
  picking: readonly [readonly [number, number], readonly [number, number]];
}

export const DEMO_VARIETIES: readonly DemoVariety[] = [
  { name: 'Navel', commodity: 'Oranges', tonnesPerHa: [40, 58], binKgs: [370, 440], picking: [[4, 15], [7, 31]] },
  { name: 'Cara Cara', commodity: 'Oranges', tonnesPerHa: [35, 50], binKgs: [360, 430], picking: [[4, 15], [7, 15]] },
  { name: 'Valencia', commodity: 'Oranges', tonnesPerHa: [45, 65], binKgs: [380, 450], picking: [[6, 10], [10, 15]] },
  { name: 'Midknight', commodity: 'Oranges', tonnesPerHa: [40, 58], binKgs: [380, 450], picking: [[7, 1], [10, 31]] },
  { name: 'Star Ruby', commodity: 'Grapefruit', tonnesPerHa: [50, 70], binKgs: [380, 450], picking: [[4, 1], [8, 31]] },
  { name: 'Eureka', commodity: 'Lemons', tonnesPerHa: [35, 52], binKgs: [350, 420], picking: [[3, 1], [9, 30]] },
  { name: 'Nadorcott', commodity: 'Soft Citrus', tonnesPerHa: [28, 40], binKgs: [350, 410], picking: [[6, 1], [9, 15]] },
  { name: 'Clementine', commodity: 'Soft Citrus', tonnesPerHa: [28, 40], binKgs: [350, 400], picking: [[4, 1], [6, 15]] },
];

const DAY_MS = 86_400_000;
/** the season opens with the first lemons on 1 March */
const SEASON_OPENS: readonly [number, number] = [3, 1];

/** A South African day of the season at 10:00 (UTC+2, no daylight saving). */
function seasonDay(season: number, [month, day]: readonly [number, number]): number {
  return Date.UTC(season, month - 1, day, 8);
}

/** PUCs per farm of each grower organisation (20 for Citrus Valley Growers, 4 for Letaba). */
const PUCS_PER_FARM: Record<DemoOrganizationKey, number[]> = { grower: [4, 4, 3, 3, 3, 3], packhouse: [], letaba: [2, 2] };
const PUC_PREFIX: Record<DemoOrganizationKey, string> = { grower: 'C', packhouse: 'P', letaba: 'L' };
const BLOCKS_PER_PUC: Record<DemoOrganizationKey, [number, number]> = { grower: [6, 8], packhouse: [0, 0], letaba: [4, 5] };

/** Ids the harvest part made, for later parts (picking schedules, dashboards). */
export interface HarvestSeedIds {
  season: number;
  /** by variety name */
  varieties: Map<string, number>;
  /** by PUC name */
  pucs: Map<string, number>;
  productionBlocks: { id: number; pucName: string; code: string; varietyName: string; organizationId: number; linked: boolean }[];
}

const harvestIds = new WeakMap<SeedContext, HarvestSeedIds>();

export function harvestSeedIds(ctx: SeedContext): HarvestSeedIds {
  const ids = harvestIds.get(ctx);
  if (!ids) throw new Error('The harvest seed part has not run yet');
  return ids;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * The demo season: the calendar year (South African time) of the reference date, or the year
 * before when the reference date falls before the season opens (January, February).
 */
function seasonOf(date: Date): number {
  const local = new Date(date.getTime() + 2 * 3_600_000);
  const year = local.getUTCFullYear();
  return date.getTime() < seasonDay(year, SEASON_OPENS) ? year - 1 : year;
}

function pickDistinctCodes(rng: Prng, prefix: string, n: number, taken: Set<string>): string[] {
  const codes: string[] = [];
  while (codes.length < n) {
    const code = `${prefix}${rng.int(1000, 9899)}`;
    if (taken.has(code)) continue;
    taken.add(code);
    codes.push(code);
  }
  return codes;
}

export const harvestPart: SeedPart = {
  name: 'harvest',
  async run(ctx) {
    const rng = ctx.rng.fork('harvest');
    const season = seasonOf(ctx.referenceDate);
    const managerId = ctx.ids.users.get('manager') ?? null;
    const reference = ctx.referenceDate.getTime();
    const opens = seasonDay(season, SEASON_OPENS);
    /** a moment between season opening minus `before` days and `after` days later, never after the reference date */
    const momentAround = (before: number, after: number) => new Date(Math.min(reference - DAY_MS / 4, opens + rng.float(-before, after) * DAY_MS));
    const adminId = ctx.ids.users.get('admin') ?? null;

    const varietyRows = await ctx.insertReturning(
      varieties,
      DEMO_VARIETIES.map((v) => ({ varietyName: v.name, commodity: v.commodity })),
    );
    const varietyIds = new Map(varietyRows.map((v) => [v.varietyName, v.id]));
    const varietyByName = new Map(DEMO_VARIETIES.map((v) => [v.name, v]));

    // PUCs: a few per farm, each growing two or three varieties
    const takenCodes = new Set<string>();
    const pucPlans: { organization: DemoOrganizationKey; organizationId: number; farmId: number; name: string; varieties: string[] }[] = [];
    for (const organization of ['grower', 'letaba'] as const) {
      const orgFarms = DEMO_FARMS.filter((f) => f.organization === organization);
      orgFarms.forEach((farm, i) => {
        const n = PUCS_PER_FARM[organization][i] ?? 2;
        for (const name of pickDistinctCodes(rng, PUC_PREFIX[organization], n, takenCodes)) {
          const first = rng.pick(DEMO_VARIETIES).name;
          const others = DEMO_VARIETIES.filter((v) => v.name !== first);
          const kinds = [first, rng.pick(others).name];
          if (rng.chance(0.4)) kinds.push(rng.pick(DEMO_VARIETIES).name);
          pucPlans.push({
            organization,
            organizationId: mustGet(ctx.ids.organizations, organization, 'organisation'),
            farmId: mustGet(ctx.ids.farms, farm.name, 'farm'),
            name,
            varieties: [...new Set(kinds)],
          });
        }
      });
    }
    const pucRows = await ctx.insertReturning(
      pucs,
      pucPlans.map((p) => ({ organizationId: p.organizationId, farmId: p.farmId, pucName: p.name })),
    );

    // Farm blocks: named per farm A1, A2, ... B1 (letter per PUC of the farm)
    const blockPlans: {
      puc: (typeof pucPlans)[number];
      pucId: number;
      name: string;
      ha: number;
      variety: string;
      daff: string | null;
      sequence: number;
    }[] = [];
    const letterOnFarm = new Map<number, number>();
    pucPlans.forEach((puc, i) => {
      const letterIndex = letterOnFarm.get(puc.farmId) ?? 0;
      letterOnFarm.set(puc.farmId, letterIndex + 1);
      const letter = String.fromCharCode(65 + letterIndex);
      const [min, max] = BLOCKS_PER_PUC[puc.organization];
      const n = rng.int(min, max);
      for (let b = 1; b <= n; b++) {
        blockPlans.push({
          puc,
          pucId: pucRows[i]!.id,
          name: `${letter}${b}`,
          ha: round(rng.float(0.8, 3.6), 2),
          variety: rng.pick(puc.varieties),
          daff: rng.chance(0.9) ? `${puc.name}-${String(b).padStart(2, '0')}` : null,
          sequence: b,
        });
      }
    });
    const farmBlockRows = await ctx.insertReturning(
      farmBlocks,
      blockPlans.map((b) => ({
        organizationId: b.puc.organizationId,
        farmId: b.puc.farmId,
        name: b.name,
        ha: b.ha,
        varietyId: mustGet(varietyIds, b.variety, 'variety'),
        daffCode: b.daff,
      })),
    );

    // Production blocks: one per farm block (linked), plus a few the packhouse knows that no farm
    // block matches (shaded rows)
    const productionPlans: { pucIndex: number; code: string; variety: string; farmBlockIndex: number | null; ha: number }[] = [];
    blockPlans.forEach((b, i) => {
      productionPlans.push({
        pucIndex: pucPlans.indexOf(b.puc),
        code: `B${String(b.sequence).padStart(2, '0')}`,
        variety: b.variety,
        farmBlockIndex: i,
        ha: b.ha,
      });
    });
    pucPlans.forEach((puc, pucIndex) => {
      if (!rng.chance(0.45)) return;
      productionPlans.push({ pucIndex, code: 'U01', variety: rng.pick(puc.varieties), farmBlockIndex: null, ha: round(rng.float(1, 4), 2) });
    });
    const productionRows = await ctx.insertReturning(
      productionBlocks,
      productionPlans.map((p) => ({
        organizationId: pucPlans[p.pucIndex]!.organizationId,
        pucId: pucRows[p.pucIndex]!.id,
        code: p.code,
        varietyId: mustGet(varietyIds, p.variety, 'variety'),
        farmBlockId: p.farmBlockIndex === null ? null : farmBlockRows[p.farmBlockIndex]!.id,
      })),
    );

    // Estimates of this season: most blocks, some with a history of saves
    const estimates: (typeof yieldEstimates.$inferInsert)[] = [];
    const adjustedByBlock = new Map<number, number>();
    productionPlans.forEach((p, i) => {
      const linked = p.farmBlockIndex !== null;
      if (!rng.chance(linked ? 0.85 : 0.5)) return;
      const variety = varietyByName.get(p.variety)!;
      const blockId = productionRows[i]!.id;
      const organizationId = pucPlans[p.pucIndex]!.organizationId;
      const original = round(rng.float(variety.tonnesPerHa[0], variety.tonnesPerHa[1]), 1);
      let adjusted = round(original * rng.float(0.85, 1.15), 1);
      estimates.push({
        organizationId,
        productionBlockId: blockId,
        season,
        ha: p.ha,
        tonnesPerHa: rng.chance(0.95) ? original : null,
        tonnesPerHaAdjusted: adjusted,
        createdBy: adminId,
        createdAt: momentAround(50, -20),
      });
      if (linked && rng.chance(0.3)) {
        const saves = rng.int(1, 2);
        for (let s = 0; s < saves; s++) {
          adjusted = round(adjusted * rng.float(0.9, 1.1), 1);
          estimates.push({
            organizationId,
            productionBlockId: blockId,
            season,
            ha: p.ha,
            tonnesPerHa: adjusted,
            tonnesPerHaAdjusted: adjusted,
            createdBy: managerId,
            createdAt: s === 0 ? momentAround(0, 60) : momentAround(-60, 120),
          });
        }
      }
      adjustedByBlock.set(blockId, adjusted);
    });
    // history in time order, so the latest version has the highest id
    estimates.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    await ctx.insert(yieldEstimates, estimates);

    // A season of bins: one plan row per block, expanded in SQL
    const packhouseIds = DEMO_PACKHOUSES.filter((p) => p.owner === 'packhouse').map((p) => mustGet(ctx.ids.packhouses, p.name, 'packhouse'));
    const mainPackhouse = pucPlans.map(() => rng.pick(packhouseIds));
    const plans: BlockPlan[] = [];
    productionPlans.forEach((p, i) => {
      const variety = varietyByName.get(p.variety)!;
      const blockId = productionRows[i]!.id;
      const tonnesPerHa = adjustedByBlock.get(blockId) ?? (variety.tonnesPerHa[0] + variety.tonnesPerHa[1]) / 2;
      // picking runs through the variety's window; by the reference date a block has delivered about
      // the share of its window that has passed, more or less
      const windowStart = seasonDay(season, variety.picking[0]) + rng.float(0, 10) * DAY_MS;
      const windowEnd = seasonDay(season, variety.picking[1]) + rng.float(-10, 5) * DAY_MS;
      const shape = rng.next();
      const passed = (reference - windowStart) / (windowEnd - windowStart);
      if (passed <= 0) return; // not started yet
      let progress = Math.min(passed, 1) * rng.float(0.85, 1.05);
      let start = windowStart;
      let end = Math.min(reference, windowEnd);
      if (passed >= 1 || shape < 0.08) {
        progress = rng.float(0.97, 1.06); // finished
        end = Math.min(end, start + (windowEnd - windowStart) * rng.float(0.6, 1));
      } else if (shape > 0.92) {
        progress = rng.float(0.005, 0.03); // barely started
        start = end - rng.float(2, 6) * DAY_MS;
      }
      const kgMid = (variety.binKgs[0] + variety.binKgs[1]) / 2;
      const bins = Math.round((p.ha * tonnesPerHa * progress * 1000) / kgMid);
      if (bins === 0 || end <= start) return;
      // bins of the last day and a half wait in the yard; some barely started blocks have none tipped
      const untippedAfter = progress < 0.04 && rng.chance(0.5) ? start : reference - 1.5 * DAY_MS;
      plans.push({
        productionBlockId: blockId,
        packhouseId: rng.chance(0.75) ? mainPackhouse[p.pucIndex]! : rng.pick(packhouseIds),
        varietyId: mustGet(varietyIds, p.variety, 'variety'),
        bins: bins * ctx.scale,
        startAt: new Date(start).toISOString(),
        endAt: new Date(end).toISOString(),
        untippedAfter: new Date(untippedAfter).toISOString(),
        kgMin: variety.binKgs[0],
        kgMax: variety.binKgs[1],
        seed: rng.int(1, 2_000_000_000),
      });
    });
    await insertBins(ctx, season, plans, productionRows);

    harvestIds.set(ctx, {
      season,
      varieties: varietyIds,
      pucs: new Map(pucRows.map((p) => [p.pucName, p.id])),
      productionBlocks: productionPlans.map((p, i) => ({
        id: productionRows[i]!.id,
        pucName: pucPlans[p.pucIndex]!.name,
        code: p.code,
        varietyName: p.variety,
        organizationId: pucPlans[p.pucIndex]!.organizationId,
        linked: p.farmBlockIndex !== null,
      })),
    });
  },
};
