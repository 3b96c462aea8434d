/**
 * The industry bench data set: one season of `bins` fruit bins (10,000,000 by default) in one
 * database, the demo world's among them, so the reports are timed while the database holds a whole
 * industry rather than one grower.
 *
 *   - the demo data (seedDemoData at `demoScale`): the demo administrator signs in and sees Citrus
 *     Valley Growers with its usual share (about 21,000 bins per unit of scale, Letaba's included),
 *     Sundays River Packers and its three packhouses; the grower's producer view gets the picking
 *     bench rows (scripts/bench/picking-data.ts: 1,000 rows x 30 weeks) and every one of its blocks
 *     a scouting session on each of the 21 days before today (scripts/bench/pest-dashboard.ts);
 *   - `growers` synthetic grower organisations ("Industry Grower 0001", ...) with a legal entity,
 *     2 to 7 farms each, 2 to 5 PUCs per farm, 4 to 8 blocks per PUC (a farm block and its linked
 *     production block, varieties from the catalogue), this season's yield estimate per block, a
 *     producer-view row per PUC x variety with 30 weeks of planned bins, and two traps per block
 *     inspected weekly over four weeks;
 *   - synthetic packhouse organisations ("Industry Packers 001", one per 25 growers) running two
 *     packhouses each; every 25th grower delivers to the Sundays River Packers packhouses instead,
 *     so the packhouse organisation's views hold other growers' rows and bins too;
 *   - the rest of the season's bins (`bins` minus the demo's) spread over the synthetic growers'
 *     blocks: each organisation a size drawn from a skewed distribution, each block in proportion to
 *     its hectares, estimate and how far its variety's picking window has run by the reference day.
 *
 * Everything is written set-wise: small plan rows go in as JSON (json_to_recordset), and the bins are
 * generated inside the database, one INSERT ... SELECT over generate_series per organisation (each
 * bin's day and weight from an integer hash of its number, as the demo seed does), `concurrency`
 * statements at a time. The bins go through fruit_bins' own triggers (foreign keys and whatever the
 * migrations maintain from them, e.g. per-week totals): nothing here touches session_replication_role
 * or disables a trigger. Only the table's secondary indexes are set aside while the bins go in and
 * rebuilt from their own definitions afterwards, so the schema ends exactly as the migrations made it.
 * Statistics are refreshed at the end (VACUUM ANALYZE on PostgreSQL, ANALYZE on PGlite).
 */
import { addDays, dayOf } from '@orchard/shared/core';
import { addIsoWeeks, isoWeekOf, isoWeekRange, type PlainDate } from '@orchard/shared/picking';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type AppDb, type DbHandle } from '../../apps/server/src/db/client';
import {
  areas,
  farmBlocks,
  farms,
  legalEntities,
  organizationPackhouses,
  organizations,
  packhouses,
  productionBlocks,
  pucs,
  users,
  varieties,
  yieldEstimates,
} from '../../apps/server/src/db/schema/index';
import { DEMO_ORGANIZATIONS, DEMO_PACKHOUSES, createPrng, seedDemoData, type Prng } from '../../apps/server/src/db/seed/index';
import { DEMO_VARIETIES } from '../../apps/server/src/db/seed/parts/harvest';
import { insertPlannedBins, type PlannedBins } from '../../apps/server/src/db/seed/parts/harvest-bins';
import { addPestBenchScouting } from './pest-dashboard';
import { addPickingBenchData, type PickingBenchData } from './picking-data';

export interface IndustryOptions {
  /** fruit bins of the season in the whole database, the demo's included */
  bins: number;
  /** synthetic grower organisations */
  growers: number;
  /** --scale of the demo data */
  demoScale: number;
  /** "now" of the demo world and the app's clock */
  referenceDate: Date;
  /** bin statements at a time (PostgreSQL: one per core; PGlite: 1) */
  concurrency: number;
  log?: (line: string) => void;
}

export interface IndustryData {
  season: number;
  today: PlainDate;
  adminUserId: number;
  growerOrganizationId: number;
  packhouseOrganizationId: number;
  picking: PickingBenchData;
  counts: {
    organizations: number;
    farms: number;
    pucs: number;
    productionBlocks: number;
    bins: number;
    demoBins: number;
    growerBins: number;
    packhouseOrganizationBins: number;
    pickingRows: number;
    pickingWeeks: number;
    traps: number;
    inspections: number;
    scoutingSessions: number;
    observations: number;
  };
  /** wall time of each step, in ms */
  ms: { demo: number; world: number; bins: number; indexes: number; picking: number; pest: number; analyze: number; total: number };
  /** bin_week_totals (migration 0025) holds exactly the bins of fruit_bins; null while the table does not exist */
  weekTotalsMatch: boolean | null;
}

const GROWER_PREFIX = 'Industry Grower ';
const PACKER_PREFIX = 'Industry Packers ';
const GROWERS_PER_PACKER = 25;
/** every Nth synthetic grower delivers to the demo packhouses (Sundays River Packers) */
const DEMO_PACKHOUSE_EVERY = 25;
const BATCH = 4_000;
const DAY_MS = 86_400_000;
const WEEKS_BEFORE_TODAY = 14;
const PICKING_WEEKS = 30;
const TRAP_SETUPS = [
  { k: 1, trapType: 'delta', lure: 'fcm-pheromone' },
  { k: 2, trapType: 'bucket', lure: 'capilure' },
];

const syntheticGrowers = sql`(select o.id from organizations o where o.name like ${`${GROWER_PREFIX}%`})`;

/** A South African day of the season at 10:00 (UTC+2). */
const seasonDay = (season: number, [month, day]: readonly [number, number]) => Date.UTC(season, month - 1, day, 8);
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

async function insertChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<{ id: number }[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) ids.push(...(await write(rows.slice(i, i + BATCH))).map((r) => r.id));
  return ids;
}

/** Runs the tasks, at most `concurrency` at a time. */
async function pooled(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

const countOf = async (db: AppDb, query: SQL) => (await rowsOf<{ n: number }>(db, query))[0]?.n ?? 0;

/** Drops fruit_bins' secondary indexes; the returned function recreates them from their definitions. */
async function setSecondaryIndexesAside(db: AppDb): Promise<() => Promise<void>> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      join pg_class c on c.relname = i.indexname
      join pg_index x on x.indexrelid = c.oid
      where i.schemaname = current_schema() and i.tablename = 'fruit_bins' and not x.indisprimary and not x.indisunique`,
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  };
}

export async function buildIndustryData(handle: DbHandle, options: IndustryOptions): Promise<IndustryData> {
  const { db } = handle;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const ms = { demo: 0, world: 0, bins: 0, indexes: 0, picking: 0, pest: 0, analyze: 0, total: 0 };
  const lap = (key: keyof typeof ms, from: number) => {
    ms[key] = performance.now() - from;
    log(`industry data: ${key} ${(ms[key] / 1000).toFixed(1)} s`);
  };
  const today = dayOf(options.referenceDate);
  const reference = options.referenceDate.getTime();

  // ---- the demo world
  let t = performance.now();
  await seedDemoData(handle, { referenceDate: options.referenceDate, scale: options.demoScale });
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin')).limit(1);
  if (!admin) throw new Error('the demo administrator is missing');
  const orgId = async (key: 'grower' | 'packhouse') => {
    const name = DEMO_ORGANIZATIONS.find((o) => o.key === key)!.name;
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
    if (!row) throw new Error(`${name} is not in the demo data`);
    return row.id;
  };
  const growerOrganizationId = await orgId('grower');
  const packhouseOrganizationId = await orgId('packhouse');
  const [seasonRow] = await rowsOf<{ season: number }>(db, sql`select max(season)::int as season from fruit_bins`);
  const season = seasonRow?.season ?? Number(today.slice(0, 4));
  const demoBins = await countOf(db, sql`select count(*)::int as n from fruit_bins where season = ${season}`);
  lap('demo', t);

  // ---- the synthetic organisations, farms, PUCs and blocks (plans drawn here, written as JSON)
  t = performance.now();
  const rng = createPrng(20_251_201);
  const packers = Math.max(1, Math.ceil(options.growers / GROWERS_PER_PACKER));
  const orgRows = await db
    .insert(organizations)
    .values([
      ...Array.from({ length: options.growers }, (_, i) => ({
        name: `${GROWER_PREFIX}${String(i + 1).padStart(4, '0')}`,
        sort: 100 + i,
        organizationType: 'grower',
        organizationLevel: 1,
      })),
      ...Array.from({ length: packers }, (_, i) => ({
        name: `${PACKER_PREFIX}${String(i + 1).padStart(3, '0')}`,
        sort: 100 + options.growers + i,
        organizationType: 'packhouse',
        organizationLevel: 1,
      })),
    ])
    .returning({ id: organizations.id, name: organizations.name });
  const entityRows = await db
    .insert(legalEntities)
    .values(orgRows.map((o) => ({ organizationId: o.id, name: `${o.name} (Pty) Ltd` })))
    .returning({ id: legalEntities.id, organizationId: legalEntities.organizationId });
  await db.execute(sql`update organizations o set default_legal_entity_id = le.id from legal_entities le
    where le.organization_id = o.id and (o.name like ${`${GROWER_PREFIX}%`} or o.name like ${`${PACKER_PREFIX}%`})`);
  const entityOf = new Map(entityRows.map((e) => [e.organizationId, e.id]));
  const growerOrgs = orgRows.filter((o) => o.name.startsWith(GROWER_PREFIX));
  const packerOrgs = orgRows.filter((o) => o.name.startsWith(PACKER_PREFIX));

  const regionOfArea = await db.select({ id: areas.id, regionId: areas.regionId }).from(areas).orderBy(asc(areas.id));
  if (regionOfArea.length === 0) throw new Error('the demo data has no areas');
  const packhouseRows = await db
    .insert(packhouses)
    .values(
      packerOrgs.flatMap((o, i) =>
        [1, 2].map((k) => ({
          name: `Industry Packhouse ${String(i * 2 + k).padStart(3, '0')}`,
          shortName: `I${String(i * 2 + k).padStart(3, '0')}`,
          regionId: rng.pick(regionOfArea).regionId,
          affiliation: 'Int',
          commodity: 'Oranges',
          ownerOrganizationId: o.id,
        })),
      ),
    )
    .returning({ id: packhouses.id });
  const industryPackhouses = packhouseRows.map((p) => p.id);
  const demoPackhouseRows = await db
    .select({ id: packhouses.id })
    .from(packhouses)
    .where(inArray(packhouses.name, DEMO_PACKHOUSES.map((p) => p.name)))
    .orderBy(asc(packhouses.id));
  const demoPackhouses = demoPackhouseRows.map((p) => p.id);

  const varietyRows = await db.select({ id: varieties.id, name: varieties.varietyName }).from(varieties).orderBy(asc(varieties.id));
  if (varietyRows.length === 0) throw new Error('the catalogue has no varieties');
  const varietyInfo = (name: string) =>
    DEMO_VARIETIES.find((v) => v.name === name) ?? { tonnesPerHa: [35, 55] as const, binKgs: [360, 440] as const, picking: [[4, 1], [9, 30]] as const };

  // organisation -> main and second packhouse; farms
  interface FarmPlan {
    organizationId: number;
    packhouseId: number;
    name: string;
    areaId: number;
    regionId: number;
    lat: number;
    lng: number;
  }
  const farmPlans: FarmPlan[] = [];
  const orgSize = new Map<number, number>();
  const links: { organizationId: number; packhouseId: number }[] = [];
  growerOrgs.forEach((o, i) => {
    const viaDemo = i % DEMO_PACKHOUSE_EVERY === DEMO_PACKHOUSE_EVERY - 1;
    const main = viaDemo ? rng.pick(demoPackhouses) : rng.pick(industryPackhouses);
    const second = rng.pick(viaDemo ? demoPackhouses : industryPackhouses);
    for (const packhouseId of new Set([main, second])) links.push({ organizationId: o.id, packhouseId });
    orgSize.set(o.id, 0.3 + 2.5 * rng.next() ** 2);
    const farmCount = rng.int(2, 7);
    for (let f = 1; f <= farmCount; f++) {
      const area = rng.pick(regionOfArea);
      farmPlans.push({
        organizationId: o.id,
        packhouseId: rng.chance(0.75) ? main : second,
        name: `${o.name.replace(GROWER_PREFIX, 'Plaas ')}-${f}`,
        areaId: area.id,
        regionId: area.regionId,
        lat: round(-33.5 + rng.float(-1.5, 1.5), 5),
        lng: round(24.5 + rng.float(-4, 4), 5),
      });
    }
  });
  await db.insert(organizationPackhouses).values(links);
  const farmIds = await insertChunks(farmPlans, (chunk) =>
    db
      .insert(farms)
      .values(
        chunk.map((f) => ({
          organizationId: f.organizationId,
          legalEntityId: entityOf.get(f.organizationId)!,
          farmName: f.name,
          areaId: f.areaId,
          regionId: f.regionId,
          lat: f.lat,
          lng: f.lng,
          maxObservationPoints: 20,
          observationSites: 4,
        })),
      )
      .returning({ id: farms.id }),
  );

  interface PucPlan {
    organizationId: number;
    farmId: number;
    packhouseId: number;
    name: string;
    varieties: { id: number; name: string }[];
  }
  const pucPlans: PucPlan[] = [];
  farmPlans.forEach((farm, i) => {
    const n = rng.int(2, 5);
    for (let p = 0; p < n; p++) {
      const kinds = new Map<number, { id: number; name: string }>();
      for (let k = rng.int(1, 3); k > 0; k--) {
        const v = rng.pick(varietyRows);
        kinds.set(v.id, v);
      }
      pucPlans.push({
        organizationId: farm.organizationId,
        farmId: farmIds[i]!,
        packhouseId: farm.packhouseId,
        name: `I${farmIds[i]}${String.fromCharCode(65 + p)}`,
        varieties: [...kinds.values()],
      });
    }
  });
  const pucIds = await insertChunks(pucPlans, (chunk) =>
    db
      .insert(pucs)
      .values(chunk.map((p) => ({ organizationId: p.organizationId, farmId: p.farmId, pucName: p.name })))
      .returning({ id: pucs.id }),
  );

  interface BlockPlan {
    puc: number;
    organizationId: number;
    farmId: number;
    packhouseId: number;
    variety: { id: number; name: string };
    name: string;
    code: string;
    ha: number;
    adjusted: number;
    original: number;
  }
  const blockPlans: BlockPlan[] = [];
  pucPlans.forEach((puc, i) => {
    const n = rng.int(4, 8);
    for (let b = 1; b <= n; b++) {
      const variety = rng.pick(puc.varieties);
      const info = varietyInfo(variety.name);
      const original = round(rng.float(info.tonnesPerHa[0], info.tonnesPerHa[1]), 1);
      blockPlans.push({
        puc: pucIds[i]!,
        organizationId: puc.organizationId,
        farmId: puc.farmId,
        packhouseId: puc.packhouseId,
        variety,
        name: `${String.fromCharCode(65 + (i % 26))}${b}`,
        code: `B${String(b).padStart(2, '0')}`,
        ha: round(rng.float(0.8, 4.5), 2),
        original,
        adjusted: round(original * rng.float(0.85, 1.15), 1),
      });
    }
  });
  const farmBlockIds = await insertChunks(blockPlans, (chunk) =>
    db
      .insert(farmBlocks)
      .values(chunk.map((b) => ({ organizationId: b.organizationId, farmId: b.farmId, name: b.name, ha: b.ha, varietyId: b.variety.id, daffCode: `${b.code}-${b.puc}` })))
      .returning({ id: farmBlocks.id }),
  );
  const productionBlockIds = await insertChunks(blockPlans, (chunk) => {
    const offset = blockPlans.indexOf(chunk[0]!);
    return db
      .insert(productionBlocks)
      .values(
        chunk.map((b, j) => ({
          organizationId: b.organizationId,
          pucId: b.puc,
          code: b.code,
          varietyId: b.variety.id,
          farmBlockId: farmBlockIds[offset + j]!,
          name: b.name,
          ha: b.ha,
        })),
      )
      .returning({ id: productionBlocks.id });
  });
  const estimateAt = new Date(Math.min(reference - DAY_MS, seasonDay(season, [3, 15])));
  await insertChunks(blockPlans, (chunk) => {
    const offset = blockPlans.indexOf(chunk[0]!);
    return db
      .insert(yieldEstimates)
      .values(
        chunk.map((b, j) => ({
          organizationId: b.organizationId,
          productionBlockId: productionBlockIds[offset + j]!,
          season,
          ha: b.ha,
          tonnesPerHa: b.original,
          tonnesPerHaAdjusted: b.adjusted,
          createdBy: admin.id,
          createdAt: estimateAt,
        })),
      )
      .returning({ id: yieldEstimates.id });
  });
  lap('world', t);

  // ---- the season's bins of the synthetic growers
  t = performance.now();
  const binPlans = planBins(rng, blockPlans, productionBlockIds, orgSize, {
    bins: Math.max(0, options.bins - demoBins),
    season,
    reference,
    varietyInfo,
  });
  const byOrg = new Map<number, PlannedBins[]>();
  for (const plan of binPlans) {
    const list = byOrg.get(plan.organizationId);
    if (list) list.push(plan);
    else byOrg.set(plan.organizationId, [plan]);
  }
  const restoreIndexes = await setSecondaryIndexesAside(db);
  let written = 0;
  let lastLog = performance.now();
  await pooled(
    [...byOrg.values()].map((plans) => async () => {
      await insertPlannedBins(db, season, plans);
      written += plans.reduce((sum, p) => sum + p.bins, 0);
      if (performance.now() - lastLog > 15_000) {
        lastLog = performance.now();
        log(`industry data: ${written.toLocaleString('en-US')} bins written`);
      }
    }),
    options.concurrency,
  );
  lap('bins', t);
  t = performance.now();
  await restoreIndexes();
  lap('indexes', t);

  // ---- picking schedule rows: the demo grower's producer view, and a row per PUC x variety of the others
  t = performance.now();
  const picking = await addPickingBenchData(db, { today });
  const todayWeek = isoWeekOf(today);
  const weeks = isoWeekRange(addIsoWeeks(todayWeek, -WEEKS_BEFORE_TODAY), addIsoWeeks(todayWeek, PICKING_WEEKS - WEEKS_BEFORE_TODAY - 1));
  const pucPackhouses = JSON.stringify(pucPlans.map((p, i) => ({ puc: pucIds[i], packhouse: p.packhouseId })));
  await db.execute(sql`
    insert into picking_estimates (organization_id, puc_id, variety_id, packhouse_id, estimated_first_week,
      expected_projected_tonnes, first_projected_tonnes, avg_bin_weight)
    select pb.organization_id, pb.puc_id, pb.variety_id, pp.packhouse, ${weeks[2]!.week},
      round(sum(ye.ha * ye.tonnes_per_ha_adjusted)::numeric, 1)::float8, round(sum(ye.ha * ye.tonnes_per_ha)::numeric, 1)::float8, 400
    from production_blocks pb
    join json_to_recordset(${pucPackhouses}::json) as pp(puc int, packhouse int) on pp.puc = pb.puc_id
    join yield_estimates ye on ye.production_block_id = pb.id and ye.season = ${season}
    where pb.organization_id in ${syntheticGrowers}
    group by pb.organization_id, pb.puc_id, pb.variety_id, pp.packhouse`);
  const weekList = JSON.stringify(weeks.map((w, i) => ({ i, year: w.year, week: w.week })));
  await db.execute(sql`
    insert into picking_estimate_weeks (picking_estimate_id, year, week, bin_count, updated_by)
    select pe.id, w.year, w.week,
      greatest(1, round(coalesce(pe.expected_projected_tonnes, 10) * 1000 / 400 / 11 * exp(-power(w.i - (8 + pe.id % 14), 2) / 40.0)))::int,
      ${admin.id}
    from picking_estimates pe cross join json_to_recordset(${weekList}::json) as w(i int, year int, week int)
    where pe.organization_id in ${syntheticGrowers}`);
  lap('picking', t);

  // ---- pest readings: the grower's scouting sessions (its traps come with the demo data), traps on every synthetic block
  t = performance.now();
  const scouting = await addPestBenchScouting(db, { organizationId: growerOrganizationId, scoutUserId: admin.id, today, sessionsPerBlock: 21, points: 10 });
  await db.execute(sql`
    insert into traps (organization_id, client_id, captured_by_user_id, farm_block_id, trap_type, lure, lat, lng, active_from)
    select b.organization_id, md5('industry-trap-' || b.id || '-' || s.k)::uuid, null, b.id, s.trap_type, s.lure,
      f.lat + (b.id % 17) * 0.0003, f.lng + (b.id % 13) * 0.0003, ${addDays(today, -60)}::date
    from farm_blocks b
    join farms f on f.id = b.farm_id
    cross join json_to_recordset(${JSON.stringify(TRAP_SETUPS.map((s) => ({ k: s.k, trap_type: s.trapType, lure: s.lure })))}::json) as s(k int, trap_type text, lure text)
    where b.organization_id in ${syntheticGrowers}`);
  await db.execute(sql`
    insert into trap_inspections (organization_id, client_id, captured_by_user_id, trap_id, inspected_on, count)
    select t.organization_id, md5('industry-inspection-' || t.id || '-' || d)::uuid, null, t.id,
      ${today}::date - (d * 7 + t.id % 3), ((t.id::bigint * 2654435761 + d * 40503) % 1000003 % 7)::int
    from traps t cross join generate_series(0, 3) d
    where t.organization_id in ${syntheticGrowers}`);
  lap('pest', t);

  // ---- fresh statistics, as autovacuum would have them on a database that grew over a season
  t = performance.now();
  await db.execute(sql.raw(handle.kind === 'postgres' ? 'vacuum analyze' : 'analyze'));
  lap('analyze', t);

  const counts = {
    organizations: await countOf(db, sql`select count(*)::int as n from organizations`),
    farms: await countOf(db, sql`select count(*)::int as n from farms`),
    pucs: await countOf(db, sql`select count(*)::int as n from pucs`),
    productionBlocks: await countOf(db, sql`select count(*)::int as n from production_blocks`),
    bins: await countOf(db, sql`select count(*)::int as n from fruit_bins where season = ${season}`),
    demoBins,
    growerBins: await countOf(db, sql`select count(*)::int as n from fruit_bins where season = ${season} and organization_id = ${growerOrganizationId}`),
    packhouseOrganizationBins: await countOf(
      db,
      sql`select count(*)::int as n from fruit_bins where season = ${season} and packhouse_id in (select id from packhouses where owner_organization_id = ${packhouseOrganizationId})`,
    ),
    pickingRows: await countOf(db, sql`select count(*)::int as n from picking_estimates`),
    pickingWeeks: await countOf(db, sql`select count(*)::int as n from picking_estimate_weeks`),
    traps: await countOf(db, sql`select count(*)::int as n from traps`),
    inspections: await countOf(db, sql`select count(*)::int as n from trap_inspections`),
    scoutingSessions: scouting.sessions,
    observations: scouting.observations,
  };
  if (counts.bins !== options.bins && demoBins <= options.bins) throw new Error(`industry data: ${counts.bins} bins this season, ${options.bins} planned`);
  const weekTotalsMatch = await checkWeekTotals(db);
  if (weekTotalsMatch === false) throw new Error('industry data: bin_week_totals does not hold the bins of fruit_bins');
  ms.total = performance.now() - started;
  return { season, today, adminUserId: admin.id, growerOrganizationId, packhouseOrganizationId, picking, counts, ms, weekTotalsMatch };
}

/**
 * The bins of each synthetic block: in proportion to its hectares, adjusted estimate, its
 * organisation's size and how far its variety's window has run by the reference day (none before
 * it opens), scaled so they add up to `bins` exactly; received between the window's start and the
 * reference day, the last day and a half's still waiting to be tipped.
 */
function planBins(
  rng: Prng,
  blocks: readonly { organizationId: number; packhouseId: number; variety: { id: number; name: string }; ha: number; adjusted: number }[],
  productionBlockIds: readonly number[],
  orgSize: ReadonlyMap<number, number>,
  o: {
    bins: number;
    season: number;
    reference: number;
    varietyInfo: (name: string) => { binKgs: readonly [number, number]; picking: readonly (readonly [number, number])[] };
  },
): PlannedBins[] {
  const drafts = blocks.map((b, i) => {
    const info = o.varietyInfo(b.variety.name);
    const windowStart = seasonDay(o.season, info.picking[0]!) + rng.float(0, 10) * DAY_MS;
    const windowEnd = seasonDay(o.season, info.picking[1]!) + rng.float(-10, 5) * DAY_MS;
    const passed = (o.reference - windowStart) / (windowEnd - windowStart);
    const progress = passed <= 0 ? 0 : Math.min(passed, 1) * rng.float(0.85, 1.05);
    const end = Math.min(o.reference - DAY_MS / 8, windowEnd);
    return {
      i,
      weight: end > windowStart ? b.ha * b.adjusted * progress * (orgSize.get(b.organizationId) ?? 1) : 0,
      start: windowStart,
      end,
      kg: info.binKgs,
      seed: rng.int(1, 2_000_000_000),
    };
  });
  const total = drafts.reduce((sum, d) => sum + d.weight, 0);
  if (total === 0 && o.bins > 0) throw new Error('industry data: no block has started picking by the reference day');
  const exact = drafts.map((d) => (d.weight / total) * o.bins);
  const counts = exact.map(Math.floor);
  let remainder = o.bins - counts.reduce((sum, n) => sum + n, 0);
  const byFraction = exact.map((x, i) => ({ i, f: x - Math.floor(x) })).sort((a, b) => b.f - a.f);
  for (const { i } of byFraction) {
    if (remainder <= 0) break;
    counts[i]! += 1;
    remainder -= 1;
  }
  const untippedAfter = new Date(o.reference - 1.5 * DAY_MS).toISOString();
  return drafts
    .filter((d) => counts[d.i]! > 0)
    .map((d) => {
      const b = blocks[d.i]!;
      return {
        organizationId: b.organizationId,
        productionBlockId: productionBlockIds[d.i]!,
        packhouseId: b.packhouseId,
        varietyId: b.variety.id,
        bins: counts[d.i]!,
        startAt: new Date(d.start).toISOString(),
        span: (d.end - d.start) / 1000,
        untippedAfter,
        kgMin: d.kg[0],
        kgMax: d.kg[1],
        seed: d.seed,
      };
    });
}

/**
 * When the per-week totals of migration 0025 exist: true when they hold exactly the bins of
 * fruit_bins (count and tipped kgs per organisation and season), false when not, null without the table.
 */
async function checkWeekTotals(db: AppDb): Promise<boolean | null> {
  const [exists] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('bin_week_totals') is not null as present`);
  if (!exists?.present) return null;
  const [row] = await rowsOf<{ differ: number }>(
    db,
    sql`with bins as (
        select organization_id, season, count(*) as n, coalesce(sum(tipped_kgs::numeric) filter (where tipped), 0) as kgs
        from fruit_bins group by organization_id, season),
      totals as (
        select organization_id, season, sum(not_tipped + tipped) as n, sum(tipped_kgs) as kgs
        from bin_week_totals group by organization_id, season)
      select count(*)::int as differ from bins full join totals using (organization_id, season)
      where bins.n is distinct from totals.n or abs(coalesce(bins.kgs, 0) - coalesce(totals.kgs, 0)) > 0.01`,
  );
  return (row?.differ ?? 1) === 0;
}
