/**
 * Queries of the Fruitbins Block Report: one row per production block of a PUC of the organisation
 * on the caller's farms (data-rules/farm-scope), with its bins of the season and the season's latest
 * estimate.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { latestSeasonSql } from './harvest-lookups.repository';

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

/** The variety, farm block, the season's bins (their week totals) and latest estimate of production block `pb`. */
function blockRowJoins(organizationId: number, season: SQL): SQL {
  return sql`
      join varieties v on v.id = pb.variety_id
      left join farm_blocks fbk on fbk.id = pb.farm_block_id and fbk.organization_id = ${organizationId}
      left join lateral (
        select coalesce(sum(fb.not_tipped), 0)::int as not_tipped, coalesce(sum(fb.tipped), 0)::int as tipped,
          coalesce(sum(fb.tipped_kgs), 0)::float8 as tipped_kgs
        from bin_week_totals fb
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
