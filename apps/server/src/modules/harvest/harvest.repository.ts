/**
 * Queries behind the harvest reports and yield estimates. Every query takes the caller (the user in
 * the organisation) and filters by the organisation and by the farms the user may see (db/farm-scope);
 * the only rows that cross organisations are bins delivered to a packhouse the organisation owns
 * (read-only, PUC report), see `binScopeSql`, which the caller's farms do not limit.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import { farmVisibleTo, growerRowVisibleTo, productionBlockVisibleTo, pucVisibleTo, type FarmViewer } from '../../db/farm-scope';
import { packhouseUsableBy } from '../../db/packhouse-scope';
import {
  farms,
  packhouses,
  productionBlocks,
  pucs,
  users,
  yieldEstimates,
} from '../../db/schema/index';

/* ---------- packhouses and seasons ---------- */

/** The packhouses the organisation runs or has linked (db/packhouse-scope). */
export async function findReportPackhouses(db: AppDb, organizationId: number) {
  return db
    .select({
      id: packhouses.id,
      name: packhouses.name,
      shortName: packhouses.shortName,
      ownerOrganizationId: packhouses.ownerOrganizationId,
    })
    .from(packhouses)
    .where(packhouseUsableBy(organizationId))
    .orderBy(asc(packhouses.name), asc(packhouses.id));
}

/**
 * The latest season with harvest activity the organisation can see: its own estimates and bins, and
 * bins delivered to packhouses it owns. Null when there is none.
 */
export async function findLatestSeason(db: AppDb, organizationId: number): Promise<number | null> {
  const [row] = await rowsOf<{ season: number | null }>(db, sql`select ${latestSeasonSql(organizationId)} as season`);
  return row?.season ?? null;
}

/**
 * The latest season with harvest activity the organisation can see, or null: the database function
 * `harvest_latest_season` (migration 0002; PL/pgSQL, so each connection plans its lookups once).
 */
function latestSeasonSql(organizationId: number): SQL {
  return sql`harvest_latest_season(${organizationId}::int)`;
}

/* ---------- bin visibility ---------- */

export interface BinScope extends FarmViewer {
  season: number;
  /** null: every packhouse */
  packhouseId: number | null;
  /** the organisation owns `packhouseId` (sees every grower's bins there) */
  ownsPackhouse: boolean;
  varietyId: number | null;
}

/** The bins (alias fb) an organisation may see in the PUC report under the chosen filters. */
function binScopeSql(scope: BinScope): SQL {
  const parts: SQL[] = [sql`fb.season = ${scope.season}`];
  if (scope.packhouseId !== null) {
    parts.push(sql`fb.packhouse_id = ${scope.packhouseId}`);
    if (!scope.ownsPackhouse) parts.push(sql`fb.organization_id = ${scope.organizationId}`);
  } else {
    parts.push(
      sql`(fb.organization_id = ${scope.organizationId} or fb.packhouse_id in (select p.id from packhouses p where p.owner_organization_id = ${scope.organizationId}))`,
    );
  }
  if (scope.varietyId !== null) parts.push(sql`fb.variety_id = ${scope.varietyId}`);
  return sql.join(parts, sql` and `);
}

/**
 * The bin (alias fb) is another organisation's (delivered to a packhouse the caller's organisation
 * owns) or lies on a farm the caller may see.
 */
function binFarmVisibleSql(viewer: FarmViewer): SQL {
  return growerRowVisibleTo(viewer, sql`fb.organization_id`, productionBlockVisibleTo(viewer, sql`fb.production_block_id`));
}

/**
 * Varieties with bins the caller can see at the packhouse; for every packhouse also the varieties
 * of the organisation's own production blocks on the caller's farms (their blocks show in the
 * report even before a bin arrives).
 */
export async function findReportVarieties(db: AppDb, scope: Omit<BinScope, 'varietyId'>) {
  const ownBlocks = sql`exists (select 1 from production_blocks pb where pb.variety_id = v.id and pb.organization_id = ${scope.organizationId}
    and ${pucVisibleTo(scope, sql`pb.puc_id`)})`;
  let visible: SQL;
  if (scope.packhouseId !== null) {
    visible = sql`exists (select 1 from fruit_bins fb where fb.variety_id = v.id and ${binScopeSql({ ...scope, varietyId: null })} and ${binFarmVisibleSql(scope)})`;
  } else {
    visible = sql`(${ownBlocks} or exists (
      select 1 from packhouses p
      where p.owner_organization_id = ${scope.organizationId}
        and exists (select 1 from fruit_bins fb where fb.packhouse_id = p.id and fb.variety_id = v.id and fb.season = ${scope.season}
          and ${binFarmVisibleSql(scope)})))`;
  }
  return rowsOf<{ id: number; varietyName: string; commodity: string }>(
    db,
    sql`select v.id, v.variety_name as "varietyName", v.commodity from varieties v where ${visible} order by v.variety_name, v.id`,
  );
}

/* ---------- Harvest PUC report ---------- */

export interface PucAggregateRow {
  pucId: number;
  puc: string;
  notTipped: number;
  tipped: number;
  tippedKgs: number;
  remainingTonnes: number;
  completedBlocks: number;
  incompleteBlocks: number;
}

/**
 * Per-PUC aggregates in one statement: bins per block under the scope, the latest estimate of the
 * season per block, each block's remaining tonnes (spec 02 section 9: adjusted estimate minus
 * tipped and estimated untipped tonnes; only positive remainders count, each rounded to the 2
 * decimals the block report shows) and the completed / incomplete block counts (completed: linked
 * to a farm block and has an adjusted estimate). With every packhouse, the organisation's own
 * blocks without bins count too. The organisation's own PUCs count only on the caller's farms.
 */
export async function findPucAggregates(db: AppDb, scope: BinScope): Promise<PucAggregateRow[]> {
  const ownBlocksWithoutBins =
    scope.packhouseId === null
      ? sql` or (pb.organization_id = ${scope.organizationId}${scope.varietyId === null ? sql`` : sql` and pb.variety_id = ${scope.varietyId}`})`
      : sql``;
  return rowsOf<PucAggregateRow>(
    db,
    sql`
      with bins as (
        select fb.production_block_id as block_id,
          (count(*) filter (where not fb.tipped))::int as not_tipped,
          (count(*) filter (where fb.tipped))::int as tipped,
          coalesce(sum(fb.tipped_kgs) filter (where fb.tipped), 0)::float8 as tipped_kgs
        from fruit_bins fb
        where ${binScopeSql(scope)}
        group by fb.production_block_id
      ),
      blocks as (
        select pb.id, pb.puc_id, pb.organization_id, pb.farm_block_id,
          coalesce(b.not_tipped, 0) as not_tipped, coalesce(b.tipped, 0) as tipped, coalesce(b.tipped_kgs, 0)::float8 as tipped_kgs
        from production_blocks pb
        left join bins b on b.block_id = pb.id
        where b.block_id is not null${ownBlocksWithoutBins}
      ),
      figures as (
        select bl.*, coalesce(e.ha, fbk.ha) as ha, e.tonnes_per_ha_adjusted as adjusted,
          (bl.tipped_kgs + case when bl.tipped > 0 and bl.not_tipped > 0
             then bl.tipped_kgs / bl.tipped * bl.not_tipped else 0 end) / 1000.0 as delivered_tonnes
        from blocks bl
        left join farm_blocks fbk on fbk.id = bl.farm_block_id and fbk.organization_id = bl.organization_id
        left join lateral (
          select ye.ha, ye.tonnes_per_ha_adjusted from yield_estimates ye
          where ye.production_block_id = bl.id and ye.organization_id = bl.organization_id and ye.season = ${scope.season}
          order by ye.id desc limit 1
        ) e on true
      )
      select p.id as "pucId", p.puc_name as puc,
        sum(f.not_tipped)::int as "notTipped",
        sum(f.tipped)::int as tipped,
        sum(f.tipped_kgs)::float8 as "tippedKgs",
        coalesce(sum(round(greatest(f.ha * f.adjusted - f.delivered_tonnes, 0)::numeric, 2)), 0)::float8 as "remainingTonnes",
        (count(*) filter (where f.farm_block_id is not null and f.adjusted is not null))::int as "completedBlocks",
        (count(*) filter (where f.farm_block_id is null or f.adjusted is null))::int as "incompleteBlocks"
      from figures f
      join pucs p on p.id = f.puc_id and p.organization_id = f.organization_id
      where ${growerRowVisibleTo(scope, sql`p.organization_id`, farmVisibleTo(scope, sql`p.farm_id`))}
      group by p.id, p.puc_name`,
  );
}

/* ---------- farms and PUCs ---------- */

export async function findFarms(db: AppDb, viewer: FarmViewer) {
  return db
    .select({ id: farms.id, farmName: farms.farmName, legalEntityId: farms.legalEntityId })
    .from(farms)
    .where(and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)))
    .orderBy(asc(farms.farmName), asc(farms.id));
}

export async function findPucs(db: AppDb, viewer: FarmViewer, filter: { farmId?: number | undefined; pucId?: number | undefined } = {}) {
  const { organizationId } = viewer;
  const conditions = [eq(pucs.organizationId, organizationId), eq(farms.organizationId, organizationId), farmVisibleTo(viewer, farms.id)];
  if (filter.farmId !== undefined) conditions.push(eq(pucs.farmId, filter.farmId));
  if (filter.pucId !== undefined) conditions.push(eq(pucs.id, filter.pucId));
  return db
    .select({ id: pucs.id, pucName: pucs.pucName, farmId: farms.id, farmName: farms.farmName })
    .from(pucs)
    .innerJoin(farms, eq(farms.id, pucs.farmId))
    .where(and(...conditions));
}

export async function farmExists(db: AppDb, viewer: FarmViewer, farmId: number): Promise<boolean> {
  const rows = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)))
    .limit(1);
  return rows.length > 0;
}

/* ---------- Fruitbins Block Report ---------- */

export interface BlockRowData {
  puc: string;
  productionBlock: number;
  productionBlockCode: string;
  farmBlockId: number | null;
  farmBlockName: string | null;
  daff: string | null;
  variety: string;
  ha: number | null;
  notTipped: number;
  tipped: number;
  tippedKgs: number;
  tonnesPerHa: number | null;
  tonnesPerHaAdjusted: number | null;
  version: number;
}

/**
 * One row per production block of a PUC of the organisation on the caller's farms (or one block),
 * linked or not, with its bins of the season (every packhouse) and the season's latest estimate.
 * Row ha: the estimate's, else the linked farm block's.
 */
export async function findBlockRows(
  db: AppDb,
  viewer: FarmViewer,
  season: number,
  where: { pucId: number } | { productionBlockId: number },
): Promise<BlockRowData[]> {
  const { organizationId } = viewer;
  const blockFilter =
    'pucId' in where ? sql`pb.puc_id = ${where.pucId}` : sql`pb.id = ${where.productionBlockId}`;
  return rowsOf<BlockRowData>(
    db,
    sql`
      select ${blockRowColumns}
      from production_blocks pb
      join pucs p on p.id = pb.puc_id and p.organization_id = ${organizationId}
      ${blockRowJoins(organizationId, sql`${season}::int`)}
      where pb.organization_id = ${organizationId} and ${blockFilter} and ${farmVisibleTo(viewer, sql`p.farm_id`)}`,
  );
}

const blockRowColumns = sql`p.puc_name as puc, pb.id as "productionBlock", pb.code as "productionBlockCode",
  fbk.id as "farmBlockId", fbk.name as "farmBlockName", fbk.daff_code as daff,
  v.variety_name as variety,
  coalesce(e.ha, fbk.ha)::float8 as ha,
  coalesce(b.not_tipped, 0)::int as "notTipped",
  coalesce(b.tipped, 0)::int as tipped,
  coalesce(b.tipped_kgs, 0)::float8 as "tippedKgs",
  e.tonnes_per_ha::float8 as "tonnesPerHa",
  e.tonnes_per_ha_adjusted::float8 as "tonnesPerHaAdjusted",
  coalesce(e.id, 0)::int as version`;

/** The variety, farm block, the season's bins and latest estimate of production block `pb`. */
function blockRowJoins(organizationId: number, season: SQL): SQL {
  return sql`
      join varieties v on v.id = pb.variety_id
      left join farm_blocks fbk on fbk.id = pb.farm_block_id and fbk.organization_id = ${organizationId}
      left join lateral (
        select (count(*) filter (where not fb.tipped))::int as not_tipped,
          (count(*) filter (where fb.tipped))::int as tipped,
          coalesce(sum(fb.tipped_kgs) filter (where fb.tipped), 0)::float8 as tipped_kgs
        from fruit_bins fb
        where fb.production_block_id = pb.id and fb.organization_id = ${organizationId} and fb.season = ${season}
      ) b on true
      left join lateral (
        select ye.id, ye.ha, ye.tonnes_per_ha, ye.tonnes_per_ha_adjusted from yield_estimates ye
        where ye.production_block_id = pb.id and ye.organization_id = ${organizationId} and ye.season = ${season}
        order by ye.id desc limit 1
      ) e on true`;
}

export interface BlockReportData {
  puc: { id: number; pucName: string; farmId: number; farmName: string };
  season: number;
  rows: BlockRowData[];
}

/**
 * The whole Fruitbins Block Report in one statement: the PUC (null when the organisation has no
 * such PUC on a farm the caller may see), the season (the requested one, else the latest with activity, else `fallbackSeason`)
 * and one row per production block of the PUC, as `findBlockRows`. One round trip keeps the
 * server's answer close to the cost of the report's own query.
 */
export async function findBlockReport(
  db: AppDb,
  viewer: FarmViewer,
  pucId: number,
  requestedSeason: number | undefined,
  fallbackSeason: number,
): Promise<BlockReportData | null> {
  const { organizationId } = viewer;
  const season =
    requestedSeason !== undefined ? sql`${requestedSeason}::int` : sql`coalesce(${latestSeasonSql(organizationId)}, ${fallbackSeason}::int)`;
  const rows = await rowsOf<BlockRowData & { pucId: number; pucName: string; farmId: number; farmName: string; season: number; hasBlock: boolean }>(
    db,
    sql`
      with s as materialized (select ${season} as season)
      select p.id as "pucId", p.puc_name as "pucName", f.id as "farmId", f.farm_name as "farmName", s.season, r."productionBlock" is not null as "hasBlock", r.*
      from pucs p
      join farms f on f.id = p.farm_id and f.organization_id = ${organizationId} and ${farmVisibleTo(viewer, sql`f.id`)}
      cross join s
      left join lateral (
        select ${blockRowColumns}
        from production_blocks pb
        ${blockRowJoins(organizationId, sql`s.season`)}
        where pb.puc_id = p.id and pb.organization_id = ${organizationId}
      ) r on true
      where p.id = ${pucId} and p.organization_id = ${organizationId}`,
  );
  const [first] = rows;
  if (!first) return null;
  return {
    puc: { id: first.pucId, pucName: first.pucName, farmId: first.farmId, farmName: first.farmName },
    season: first.season,
    rows: rows
      .filter((r) => r.hasBlock)
      .map(({ pucId: _p, pucName: _pn, farmId: _f, farmName: _n, season: _s, hasBlock: _h, ...row }) => row),
  };
}

/* ---------- yield estimates ---------- */

/** A production block of the organisation on a farm the caller may see. */
function ownVisibleBlock(viewer: FarmViewer, productionBlockId: number): SQL {
  return and(
    eq(productionBlocks.id, productionBlockId),
    eq(productionBlocks.organizationId, viewer.organizationId),
    pucVisibleTo(viewer, productionBlocks.pucId),
  )!;
}

/** Locks the production block row (FOR UPDATE) so concurrent saves of one block run one at a time. */
export async function lockProductionBlock(db: AppDb, viewer: FarmViewer, productionBlockId: number) {
  const [row] = await db
    .select({ id: productionBlocks.id, farmBlockId: productionBlocks.farmBlockId })
    .from(productionBlocks)
    .where(ownVisibleBlock(viewer, productionBlockId))
    .for('update');
  return row ?? null;
}

export async function findProductionBlock(db: AppDb, viewer: FarmViewer, productionBlockId: number) {
  const [row] = await db
    .select({
      id: productionBlocks.id,
      pucId: productionBlocks.pucId,
      varietyId: productionBlocks.varietyId,
      farmBlockId: productionBlocks.farmBlockId,
    })
    .from(productionBlocks)
    .where(ownVisibleBlock(viewer, productionBlockId))
    .limit(1);
  return row ?? null;
}

export async function findLatestEstimate(db: AppDb, organizationId: number, productionBlockId: number, season: number) {
  const [row] = await db
    .select({ id: yieldEstimates.id, tonnesPerHa: yieldEstimates.tonnesPerHa })
    .from(yieldEstimates)
    .where(
      and(
        eq(yieldEstimates.productionBlockId, productionBlockId),
        eq(yieldEstimates.organizationId, organizationId),
        eq(yieldEstimates.season, season),
      ),
    )
    .orderBy(desc(yieldEstimates.id))
    .limit(1);
  return row ?? null;
}

export async function insertEstimate(db: AppDb, values: typeof yieldEstimates.$inferInsert) {
  const [row] = await db.insert(yieldEstimates).values(values).returning({ id: yieldEstimates.id });
  return row!.id;
}

export async function findEstimateHistory(db: AppDb, organizationId: number, productionBlockId: number, limit: number) {
  return db
    .select({
      id: yieldEstimates.id,
      season: yieldEstimates.season,
      ha: yieldEstimates.ha,
      tonnesPerHa: yieldEstimates.tonnesPerHa,
      tonnesPerHaAdjusted: yieldEstimates.tonnesPerHaAdjusted,
      createdBy: yieldEstimates.createdBy,
      createdByName: sql<string | null>`coalesce(${users.fullName}, ${users.userName})`,
      createdAt: yieldEstimates.createdAt,
    })
    .from(yieldEstimates)
    .leftJoin(users, eq(users.id, yieldEstimates.createdBy))
    .where(and(eq(yieldEstimates.productionBlockId, productionBlockId), eq(yieldEstimates.organizationId, organizationId)))
    .orderBy(desc(yieldEstimates.id))
    .limit(limit);
}

/* ---------- used by bin intake ---------- */

/** The organisation's production blocks on the caller's farms, keyed for the CSV import: PUC name and block code. */
export async function findImportBlocks(db: AppDb, viewer: FarmViewer) {
  const { organizationId } = viewer;
  return db
    .select({ id: productionBlocks.id, code: productionBlocks.code, pucName: pucs.pucName, varietyId: productionBlocks.varietyId })
    .from(productionBlocks)
    .innerJoin(pucs, and(eq(pucs.id, productionBlocks.pucId), eq(pucs.organizationId, organizationId)))
    .where(and(eq(productionBlocks.organizationId, organizationId), farmVisibleTo(viewer, pucs.farmId)));
}
