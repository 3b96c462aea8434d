/**
 * Queries of the Harvest PUC report: which bins (alias fb: their week totals, bin_week_totals) the
 * caller sees under the report's filters, the varieties to choose from and the per-PUC aggregates. The only rows that cross
 * organisations are bins delivered to a packhouse the organisation owns (read-only), see
 * `binScopeParts`, which the caller's farms do not limit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import { farmVisibleTo, growerRowVisibleTo, productionBlockVisibleTo, pucVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';

/* ---------- bin visibility ---------- */

export interface BinScope extends FarmViewer {
  season: number;
  /** null: every packhouse */
  packhouseId: number | null;
  /** the organisation owns `packhouseId` (sees every grower's bins there) */
  ownsPackhouse: boolean;
  varietyId: number | null;
}

/**
 * The bins (alias fb) an organisation may see in the PUC report under the chosen filters, as
 * disjoint predicates, each one an index can serve: at one packhouse, one; at every packhouse, the
 * organisation's own bins (index season, organization_id) and other organisations' bins at the
 * packhouses it owns (index packhouse_id, season). A statement that reads them as a union of one
 * scan per part never scans the whole season, which an `or` of the two made PostgreSQL do.
 */
function binScopeParts(scope: BinScope): SQL[] {
  const common: SQL[] = [sql`fb.season = ${scope.season}`];
  if (scope.varietyId !== null) common.push(sql`fb.variety_id = ${scope.varietyId}`);
  const all = (...parts: SQL[]) => sql.join([...common, ...parts], sql` and `);
  if (scope.packhouseId !== null) {
    return [all(sql`fb.packhouse_id = ${scope.packhouseId}`, ...(scope.ownsPackhouse ? [] : [sql`fb.organization_id = ${scope.organizationId}`]))];
  }
  return [
    all(sql`fb.organization_id = ${scope.organizationId}`),
    all(
      sql`fb.organization_id <> ${scope.organizationId}`,
      sql`fb.packhouse_id in (select p.id from packhouses p where p.owner_organization_id = ${scope.organizationId})`,
    ),
  ];
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
    // at one packhouse the scope is one part
    const [atPackhouse] = binScopeParts({ ...scope, varietyId: null });
    visible = sql`exists (select 1 from bin_week_totals fb where fb.variety_id = v.id and ${atPackhouse!} and ${binFarmVisibleSql(scope)})`;
  } else {
    visible = sql`(${ownBlocks} or exists (
      select 1 from packhouses p
      where p.owner_organization_id = ${scope.organizationId}
        and exists (select 1 from bin_week_totals fb where fb.packhouse_id = p.id and fb.variety_id = v.id and fb.season = ${scope.season}
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
 * season per block, each block's remaining tonnes (docs/domain.md, Harvest PUC Report: adjusted estimate minus
 * tipped and estimated untipped tonnes; only positive remainders count, each rounded to the 2
 * decimals the block report shows) and the completed / incomplete block counts (completed: linked
 * to a farm block and has an adjusted estimate). With every packhouse, the organisation's own
 * blocks without bins count too. The organisation's own PUCs count only on the caller's farms.
 */
export async function findPucAggregates(db: AppDb, scope: BinScope): Promise<PucAggregateRow[]> {
  const scanned = sql.join(
    binScopeParts(scope).map(
      (part) => sql`select fb.production_block_id, fb.not_tipped, fb.tipped, fb.tipped_kgs from bin_week_totals fb where ${part}`,
    ),
    sql` union all `,
  );
  // with every packhouse, the organisation's own blocks without bins (index organization_id)
  const ownBlocksWithoutBins =
    scope.packhouseId === null
      ? sql`
        union all
        select pb.id, pb.puc_id, pb.organization_id, pb.farm_block_id, 0, 0, 0::float8
        from production_blocks pb
        where pb.organization_id = ${scope.organizationId}${scope.varietyId === null ? sql`` : sql` and pb.variety_id = ${scope.varietyId}`}
          and not exists (select 1 from bin_week_totals fb where fb.organization_id = pb.organization_id and fb.production_block_id = pb.id
            and ${binScopeParts(scope)[0]!})`
      : sql``;
  return rowsOf<PucAggregateRow>(
    db,
    sql`
      with bins as (
        select fb.production_block_id as block_id,
          sum(fb.not_tipped)::int as not_tipped, sum(fb.tipped)::int as tipped, sum(fb.tipped_kgs)::float8 as tipped_kgs
        from (${scanned}) fb
        group by fb.production_block_id
      ),
      blocks as (
        select pb.id, pb.puc_id, pb.organization_id, pb.farm_block_id, b.not_tipped, b.tipped, b.tipped_kgs
        from bins b
        join production_blocks pb on pb.id = b.block_id${ownBlocksWithoutBins}
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
