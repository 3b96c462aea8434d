/**
 * The harvest demo data's bins: a season of them is generated inside the database (INSERT ... SELECT
 * over generate_series) from one small plan row per production block, so `scale` (which multiplies
 * the bins) reaches a million bins in seconds. Each bin's day and weight come from an integer hash of
 * its number and the block's seed, so the data is the same on PGlite and PostgreSQL and on every run.
 * While the bins go in, the table's secondary indexes and (where the role may) the foreign-key
 * checks are set aside.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../client';
import type { SeedContext } from '../context';

/** The bins of one production block: how many, between which moments, of which weights. */
export interface BlockPlan {
  productionBlockId: number;
  packhouseId: number;
  varietyId: number;
  bins: number;
  startAt: string;
  endAt: string;
  /** bins received after this moment are still waiting to be tipped */
  untippedAfter: string;
  kgMin: number;
  kgMax: number;
  seed: number;
}

/** Inserts the planned bins of the season, counts them and, for a large season, refreshes the reports' statistics. */
export async function insertBins(
  ctx: SeedContext,
  season: number,
  plans: readonly BlockPlan[],
  productionRows: readonly { id: number; organizationId: number }[],
): Promise<void> {
  const organizationOf = new Map(productionRows.map((r) => [r.id, r.organizationId]));
  const rows = plans.map((p) => ({
    ...p,
    organizationId: organizationOf.get(p.productionBlockId)!,
    span: (Date.parse(p.endAt) - Date.parse(p.startAt)) / 1000,
  }));
  const fast = await skipForeignKeyChecks(ctx);
  const restoreIndexes = await dropSecondaryIndexes(ctx, 'fruit_bins');
  await insertPlannedBins(ctx.tx, season, rows);
  await restoreIndexes();
  if (fast) await ctx.tx.execute(sql`set local session_replication_role = origin`);
  const total = rows.reduce((sum, r) => sum + r.bins, 0);
  ctx.counts.fruit_bins = (ctx.counts.fruit_bins ?? 0) + total;
  // fresh statistics, so the reports' first queries are planned for a table of this size (PGlite
  // has no autovacuum to do it later); small tables plan well enough without
  if (total >= ANALYZE_FROM_BINS) {
    await ctx.tx.execute(sql`analyze fruit_bins, bin_week_totals, production_blocks, yield_estimates, farm_blocks, pucs`);
  }
}

const ANALYZE_FROM_BINS = 200_000;

/**
 * Building an index once over a million rows is several times faster than updating it a million
 * times (most of the time on PGlite). On an empty table, inside the seed's transaction, the
 * secondary indexes are dropped and afterwards recreated from their own definitions, so the
 * schema ends exactly as the migrations made it.
 */
async function dropSecondaryIndexes(ctx: SeedContext, table: string): Promise<() => Promise<void>> {
  const [hasRows] = await rowsOf<{ any: boolean }>(ctx.tx, sql`select exists (select 1 from ${sql.identifier(table)}) as any`);
  if (hasRows?.any) return async () => {};
  const indexes = await rowsOf<{ name: string; definition: string }>(ctx.tx, sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    join pg_class c on c.relname = i.indexname
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename = ${table} and not x.indisprimary and not x.indisunique`);
  for (const index of indexes) await ctx.tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  return async () => {
    for (const index of indexes) await ctx.tx.execute(sql.raw(index.definition));
  };
}

/**
 * The bins reference rows this part has just written, so their per-row foreign-key triggers only
 * cost time (most of it at a million bins). Where the database role may (PGlite; PostgreSQL as a
 * superuser) they are skipped for this one statement; elsewhere the checks simply run.
 */
async function skipForeignKeyChecks(ctx: SeedContext): Promise<boolean> {
  const [row] = await rowsOf<{ allowed: boolean }>(
    ctx.tx,
    sql`select (rolsuper or current_setting('is_superuser') = 'on') as allowed from pg_roles where rolname = current_user`,
  );
  if (!row?.allowed) return false;
  await ctx.tx.execute(sql`set local session_replication_role = replica`);
  return true;
}

/** One production block's bins as the insert takes them: its organisation, and its span in seconds from `startAt`. */
export interface PlannedBins extends Omit<BlockPlan, 'endAt'> {
  organizationId: number;
  span: number;
}

/**
 * Inserts planned bins inside the database, with the hashes above (the demo seed and the bench's
 * industry data set both use it, so both make the same bins from the same plan).
 */
export async function insertPlannedBins(db: { execute(query: SQL): Promise<unknown> }, season: number, plans: readonly PlannedBins[]): Promise<void> {
  // received_at and h2: two independent uniform draws in [0, 1) per bin from multiplicative hashes of its number
  await db.execute(sql`
    insert into fruit_bins (organization_id, production_block_id, packhouse_id, variety_id, season,
      received_at, received_date, tipped, tipped_at, tipped_kgs, created_by)
    select b.organization_id, b.production_block_id, b.packhouse_id, b.variety_id, ${season},
      b.received_at, ((b.received_at at time zone 'UTC') + interval '2 hours')::date,
      b.tipped, case when b.tipped then b.received_at + (2 + b.h2 * 20) * interval '1 hour' end,
      case when b.tipped then round((b.kg_min + b.h2 * (b.kg_max - b.kg_min)) * 10) / 10 end,
      null
    from (
      select r."organizationId" as organization_id, r."productionBlockId" as production_block_id,
        r."packhouseId" as packhouse_id, r."varietyId" as variety_id, r."kgMin" as kg_min, r."kgMax" as kg_max,
        h.h2, h.received_at, h.received_at < r."untippedAfter" as tipped
      from json_to_recordset(${JSON.stringify(plans)}::json) as r(
        "organizationId" int, "productionBlockId" int, "packhouseId" int, "varietyId" int, bins int,
        "startAt" timestamptz, "span" float8, "untippedAfter" timestamptz, "kgMin" float8, "kgMax" float8, seed bigint)
      cross join lateral generate_series(1::bigint, r.bins) as g(n)
      cross join lateral (
        select r."startAt" + (((g.n * 2654435761 + r.seed) % 4294967296)::float8 / 4294967296 * r.span) * interval '1 second' as received_at,
          ((g.n * 2246822519 + r.seed * 7) % 4294967296)::float8 / 4294967296 as h2
      ) h
    ) b`);
}
