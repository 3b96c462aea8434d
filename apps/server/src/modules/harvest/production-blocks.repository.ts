/**
 * The organisation's production blocks on the farms the caller may see (data-rules/farm-scope): one block
 * for an estimate save (locked, with its farm block's hectares) or a bin, and every block keyed for
 * the bin CSV import.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, pucVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, productionBlocks, pucs } from '../../db/schema/index';

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
    .select({ id: productionBlocks.id, code: productionBlocks.code, farmBlockId: productionBlocks.farmBlockId })
    .from(productionBlocks)
    .where(ownVisibleBlock(viewer, productionBlockId))
    .for('update');
  return row ?? null;
}

/** The hectares of the organisation's farm block `farmBlockId`; null when it has no such block (the report shows the row unlinked). */
export async function findFarmBlockHa(db: AppDb, organizationId: number, farmBlockId: number): Promise<number | null> {
  const [row] = await db
    .select({ ha: farmBlocks.ha })
    .from(farmBlocks)
    .where(and(eq(farmBlocks.id, farmBlockId), eq(farmBlocks.organizationId, organizationId)))
    .limit(1);
  return row?.ha ?? null;
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

/** The organisation's production blocks on the caller's farms, keyed for the CSV import: PUC name and block code. */
export async function findImportBlocks(db: AppDb, viewer: FarmViewer) {
  const { organizationId } = viewer;
  return db
    .select({ id: productionBlocks.id, code: productionBlocks.code, pucName: pucs.pucName, varietyId: productionBlocks.varietyId })
    .from(productionBlocks)
    .innerJoin(pucs, and(eq(pucs.id, productionBlocks.pucId), eq(pucs.organizationId, organizationId)))
    .where(and(eq(productionBlocks.organizationId, organizationId), farmVisibleTo(viewer, pucs.farmId)));
}
