/** The harvest demo data: shape, realism, determinism and scale. */
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import { rowsOf, type DbHandle } from '../client';
import { farmBlocks, farms, fruitBins, organizations, packhouses, productionBlocks, pucs, users, varieties, yieldEstimates } from '../schema/index';
import { getBlockReport, getPucReport } from '../../modules/harvest/harvest.service';
import { SEED_REFERENCE_DATE, seedDemoData, type SeedSummary } from './index';
import { DEMO_VARIETIES } from './parts/harvest';

/** A fingerprint of every harvest row, to compare two seeds. */
async function fingerprint(handle: DbHandle) {
  const [row] = await rowsOf<{ pucs: string; blocks: string; estimates: string; bins: string }>(
    handle.db,
    sql`select
      (select md5(string_agg(concat_ws('|', id, organization_id, farm_id, puc_name), ',' order by id)) from pucs) as pucs,
      (select md5(string_agg(concat_ws('|', id, puc_id, code, variety_id, farm_block_id), ',' order by id)) from production_blocks) as blocks,
      (select md5(string_agg(concat_ws('|', id, production_block_id, season, ha, tonnes_per_ha, tonnes_per_ha_adjusted, created_by, created_at), ',' order by id)) from yield_estimates) as estimates,
      (select md5(string_agg(concat_ws('|', id, production_block_id, packhouse_id, received_at, received_date, tipped, tipped_at, tipped_kgs), ',' order by id)) from fruit_bins) as bins`,
  );
  return row!;
}

/** A demo user in an organisation, as the reports see the caller. */
async function viewer(handle: DbHandle, userName: string, organizationName: string) {
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  const [org] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organizationName));
  return { userId: user!.id, organizationId: org!.id };
}

describe('harvest demo data', () => {
  let handle: DbHandle;
  let summary: SeedSummary;
  let org: Map<string, number>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    summary = await seedDemoData(handle);
    const orgRows = await handle.db.select({ id: organizations.id, name: organizations.name }).from(organizations);
    org = new Map(orgRows.map((o) => [o.name, o.id]));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('has the citrus varieties with their commodities', async () => {
    const list = await handle.db.select({ name: varieties.varietyName, commodity: varieties.commodity }).from(varieties).orderBy(asc(varieties.id));
    expect(list).toEqual(DEMO_VARIETIES.map((v) => ({ name: v.name, commodity: v.commodity })));
    for (const name of ['Navel', 'Valencia', 'Star Ruby', 'Eureka', 'Nadorcott', 'Clementine']) expect(list.map((v) => v.name)).toContain(name);
  });

  it('puts 20 PUCs on the Citrus Valley farms and a few on the Letaba ones', async () => {
    const list = await handle.db
      .select({ name: pucs.pucName, org: pucs.organizationId, farmOrg: farms.organizationId })
      .from(pucs)
      .innerJoin(farms, eq(farms.id, pucs.farmId));
    const grower = list.filter((p) => p.org === org.get('Citrus Valley Growers'));
    const letaba = list.filter((p) => p.org === org.get('Letaba Citrus Estates'));
    expect(grower).toHaveLength(20);
    expect(letaba).toHaveLength(4);
    expect(list).toHaveLength(24);
    expect(grower.every((p) => /^C\d{4}$/.test(p.name))).toBe(true);
    expect(letaba.every((p) => /^L\d{4}$/.test(p.name))).toBe(true);
    expect(list.every((p) => p.farmOrg === p.org)).toBe(true);
  });

  it('has about 150 farm blocks and production blocks, mostly linked', async () => {
    const [blocks] = await handle.db.select({ n: count() }).from(farmBlocks);
    expect(blocks!.n).toBeGreaterThanOrEqual(130);
    expect(blocks!.n).toBeLessThanOrEqual(180);
    const production = await handle.db.select({ linked: productionBlocks.farmBlockId, org: productionBlocks.organizationId }).from(productionBlocks);
    const unlinked = production.filter((p) => p.linked === null).length;
    expect(unlinked).toBeGreaterThanOrEqual(3);
    expect(unlinked / production.length).toBeLessThan(0.1);
    // each block stays inside its organisation
    const [crossing] = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from production_blocks pb
          join pucs p on p.id = pb.puc_id left join farm_blocks fb on fb.id = pb.farm_block_id
          where p.organization_id <> pb.organization_id or fb.organization_id <> pb.organization_id or fb.variety_id <> pb.variety_id`,
    );
    expect(crossing!.n).toBe(0);
  });

  it('estimates most blocks for the season, some with a history of saves', async () => {
    const perBlock = await rowsOf<{ versions: number; latestOriginal: number | null; latestAdjusted: number }>(
      handle.db,
      sql`select count(ye.id)::int as versions,
            (array_agg(ye.tonnes_per_ha order by ye.id desc))[1] as "latestOriginal",
            (array_agg(ye.tonnes_per_ha_adjusted order by ye.id desc))[1] as "latestAdjusted"
          from production_blocks pb left join yield_estimates ye on ye.production_block_id = pb.id
          group by pb.id`,
    );
    const without = perBlock.filter((b) => b.versions === 0).length;
    const withHistory = perBlock.filter((b) => b.versions > 1);
    expect(without).toBeGreaterThanOrEqual(5);
    expect(without / perBlock.length).toBeLessThan(0.35);
    expect(withHistory.length).toBeGreaterThanOrEqual(5);
    // a saved estimate sets the original to the adjusted value (docs/domain.md, Yield estimates)
    expect(withHistory.every((b) => b.latestOriginal === b.latestAdjusted)).toBe(true);
    const seasons = await handle.db.selectDistinct({ season: yieldEstimates.season }).from(yieldEstimates);
    expect(seasons).toEqual([{ season: 2025 }]);
  });

  it('delivers a season of realistic bins to the Sundays River Packers packhouses', async () => {
    const [stats] = await rowsOf<{
      n: number;
      untipped: number;
      minKg: number;
      maxKg: number;
      avgKg: number;
      untippedWithKgs: number;
      first: string;
      last: string;
      wrongVariety: number;
      wrongOrg: number;
    }>(
      handle.db,
      sql`select count(*)::int as n,
            (count(*) filter (where not fb.tipped))::int as untipped,
            min(fb.tipped_kgs) as "minKg", max(fb.tipped_kgs) as "maxKg", avg(fb.tipped_kgs)::float8 as "avgKg",
            (count(*) filter (where not fb.tipped and fb.tipped_kgs is not null))::int as "untippedWithKgs",
            min(fb.received_date)::text as first, max(fb.received_date)::text as last,
            (count(*) filter (where fb.variety_id <> pb.variety_id))::int as "wrongVariety",
            (count(*) filter (where fb.organization_id <> pb.organization_id))::int as "wrongOrg"
          from fruit_bins fb join production_blocks pb on pb.id = fb.production_block_id`,
    );
    expect(stats!.n).toBe(summary.counts.fruit_bins);
    expect(stats!.n).toBeGreaterThanOrEqual(20_000);
    expect(stats!.n).toBeLessThanOrEqual(40_000);
    expect(stats!.untipped).toBeGreaterThan(100);
    expect(stats!.untipped / stats!.n).toBeLessThan(0.1);
    expect(stats!.minKg).toBeGreaterThanOrEqual(350);
    expect(stats!.maxKg).toBeLessThanOrEqual(450);
    expect(stats!.avgKg).toBeGreaterThan(380);
    expect(stats!.avgKg).toBeLessThan(420);
    expect(stats!.untippedWithKgs).toBe(0);
    expect(stats!.first >= '2025-03-01').toBe(true);
    expect(stats!.last).toBe(SEED_REFERENCE_DATE.toISOString().slice(0, 10));
    expect([stats!.wrongVariety, stats!.wrongOrg]).toEqual([0, 0]);
    const byPackhouse = await handle.db
      .selectDistinct({ owner: packhouses.ownerOrganizationId })
      .from(fruitBins)
      .innerJoin(packhouses, eq(packhouses.id, fruitBins.packhouseId));
    expect(byPackhouse).toEqual([{ owner: org.get('Sundays River Packers') }]);
    const [season] = await rowsOf<{ seasons: number[] }>(handle.db, sql`select array_agg(distinct season) as seasons from fruit_bins`);
    expect(season!.seasons).toEqual([2025]);
  });

  it('shows finished, barely started and unestimated blocks in the reports', async () => {
    const now = new Date();
    const grower = org.get('Citrus Valley Growers')!;
    const admin = await viewer(handle, 'admin', 'Citrus Valley Growers');
    const report = await getPucReport(handle.db, admin, {}, now);
    expect(report.season).toBe(2025);
    expect(report.rows).toHaveLength(20);
    expect(report.totals.remainingTonnes).toBeGreaterThan(0);
    expect(report.totals.completedBlocks).toBeLessThan(report.totals.totalBlocks);

    const pucIds = await handle.db.select({ id: pucs.id }).from(pucs).where(eq(pucs.organizationId, grower));
    const blocks = (await Promise.all(pucIds.map((p) => getBlockReport(handle.db, admin, p.id, {}, now)))).flatMap((page) => page.rows);
    const finished = blocks.filter((b) => (b.percentage_Complete ?? 0) >= 95);
    const barelyStarted = blocks.filter((b) => b.tipped + b.not_Tipped > 0 && b.percentage_Complete !== null && b.percentage_Complete < 5);
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(barelyStarted.length).toBeGreaterThanOrEqual(3);
    expect(blocks.some((b) => !b.isLinked)).toBe(true);
    expect(blocks.some((b) => b.isLinked && b.version === 0)).toBe(true);

    // the packhouse organisation sees both growers' bins at its packhouses, whoever grew them
    const packhouseReport = await getPucReport(handle.db, await viewer(handle, 'packhouse', 'Sundays River Packers'), {}, now);
    expect(packhouseReport.rows).toHaveLength(24);
    const letabaReport = await getPucReport(handle.db, await viewer(handle, 'admin', 'Letaba Citrus Estates'), {}, now);
    expect(letabaReport.rows.map((r) => r.puc).every((p) => p.startsWith('L'))).toBe(true);

    // the manager sees the PUCs of the two Citrusdal farms assigned to them, no other
    const onManagerFarms = await handle.db
      .select({ name: pucs.pucName })
      .from(pucs)
      .innerJoin(farms, eq(farms.id, pucs.farmId))
      .where(sql`${pucs.organizationId} = ${grower} and ${farms.farmName} in ('Kransvlei', 'Goedehoop')`);
    const managerReport = await getPucReport(handle.db, await viewer(handle, 'manager', 'Citrus Valley Growers'), {}, now);
    expect(onManagerFarms.length).toBeGreaterThan(0);
    expect(managerReport.rows.map((r) => r.puc).sort()).toEqual(onManagerFarms.map((p) => p.name).sort());
  });

  it('builds the season around whatever day the demo world is made on', async () => {
    for (const [reference, season, lastDay] of [
      ['2026-01-20T10:00:00+02:00', 2025, '2025-10-31'], // before the season opens: last season, all picked
      ['2026-04-10T10:00:00+02:00', 2026, '2026-04-10'], // early in the season
    ] as const) {
      const other = await createTestDatabase();
      try {
        await seedDemoData(other, { referenceDate: new Date(reference) });
        const [stats] = await rowsOf<{ seasons: number[]; last: string; estimateSeasons: number[] }>(
          other.db,
          sql`select array_agg(distinct season) as seasons, max(received_date)::text as last,
                (select array_agg(distinct season) from yield_estimates) as "estimateSeasons" from fruit_bins`,
        );
        expect(stats!.seasons).toEqual([season]);
        expect(stats!.estimateSeasons).toEqual([season]);
        expect(stats!.last <= lastDay).toBe(true);
        const report = await getPucReport(other.db, await viewer(other, 'admin', 'Citrus Valley Growers'), {}, new Date(reference));
        expect(report.season).toBe(season);
        expect(report.rows).toHaveLength(20);
        expect(report.totals.tippedTonnes).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
    }
  });

  it('is deterministic and multiplies only the bins with the scale', async () => {
    const again = await createTestDatabase();
    const doubled = await createTestDatabase();
    try {
      await seedDemoData(again);
      const twice = await seedDemoData(doubled, { scale: 2 });
      const [one, two] = [await fingerprint(handle), await fingerprint(again)];
      expect(two).toEqual(one);
      expect(twice.counts.fruit_bins).toBe(2 * summary.counts.fruit_bins!);
      const scaled = await fingerprint(doubled);
      expect({ ...scaled, bins: '' }).toEqual({ ...one, bins: '' });
      const [n] = await doubled.db.select({ n: count() }).from(fruitBins);
      expect(n!.n).toBe(twice.counts.fruit_bins);
      // the secondary indexes the seed rebuilt are all there
      const indexes = await rowsOf<{ name: string }>(doubled.db, sql`select indexname as name from pg_indexes where tablename = 'fruit_bins' order by 1`);
      expect(indexes.map((i) => i.name)).toEqual(['fruit_bins_block_idx', 'fruit_bins_org_date_idx', 'fruit_bins_packhouse_variety_idx', 'fruit_bins_pkey']);
    } finally {
      await again.close();
      await doubled.close();
    }
  });
});
