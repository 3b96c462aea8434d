/**
 * Writes of bin intake. A batch of `bins` equal bins becomes that many fruit_bins rows in one
 * INSERT ... SELECT over generate_series, so an import of thousands of bins is one statement.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';

export interface BinBatch {
  productionBlockId: number;
  packhouseId: number;
  varietyId: number;
  season: number;
  receivedAt: string;
  receivedDate: string;
  bins: number;
  tipped: boolean;
  tippedAt: string | null;
  /** kgs of each bin (the batch total shared equally), null when not tipped */
  kgsEach: number | null;
}

export interface InsertBinBatchesOptions {
  /** batches per statement (default 5,000, which keeps the JSON parameter small) */
  chunk?: number;
  /** told after each statement how many batches are written so far; a throw stops the writing */
  afterChunk?: (written: number) => Promise<void>;
}

export async function insertBinBatches(
  db: AppDb,
  organizationId: number,
  userId: number,
  batches: readonly BinBatch[],
  options: InsertBinBatchesOptions = {},
): Promise<void> {
  const size = options.chunk ?? 5000;
  for (let i = 0; i < batches.length; i += size) {
    const chunk = batches.slice(i, i + size);
    await db.execute(sql`
      insert into fruit_bins (organization_id, production_block_id, packhouse_id, variety_id, season,
        received_at, received_date, tipped, tipped_at, tipped_kgs, created_by)
      select ${organizationId}, r."productionBlockId", r."packhouseId", r."varietyId", r.season,
        r."receivedAt", r."receivedDate", r.tipped, r."tippedAt", r."kgsEach", ${userId}
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(
        "productionBlockId" int, "packhouseId" int, "varietyId" int, season int, "receivedAt" timestamptz,
        "receivedDate" date, bins int, tipped boolean, "tippedAt" timestamptz, "kgsEach" float8)
      cross join lateral generate_series(1, r.bins) as g(n)`);
    await options.afterChunk?.(i + chunk.length);
  }
}

/**
 * Tips the oldest `count` untipped bins of the block at the packhouse (rows locked while updated).
 * Answers how many were tipped; the caller rolls back when it is fewer than asked.
 */
export async function tipOldestBins(
  db: AppDb,
  organizationId: number,
  input: { productionBlockId: number; packhouseId: number; count: number; kgsEach: number; tippedAt: string },
): Promise<number> {
  const tipped = await rowsOf<{ id: number }>(
    db,
    sql`
    update fruit_bins set tipped = true, tipped_at = ${input.tippedAt}::timestamptz, tipped_kgs = ${input.kgsEach}
    where id in (
      select fb.id from fruit_bins fb
      where fb.organization_id = ${organizationId} and fb.production_block_id = ${input.productionBlockId}
        and fb.packhouse_id = ${input.packhouseId} and not fb.tipped
      order by fb.received_at, fb.id
      limit ${input.count}
      for update
    )
    and organization_id = ${organizationId}
    returning id`,
  );
  return tipped.length;
}

export async function countUntippedBins(db: AppDb, organizationId: number, productionBlockId: number, packhouseId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from fruit_bins fb
    where fb.organization_id = ${organizationId} and fb.production_block_id = ${productionBlockId}
      and fb.packhouse_id = ${packhouseId} and not fb.tipped`,
  );
  return row?.n ?? 0;
}
