/**
 * Queries every field capture shares: the farm blocks of the caller's farms, where a reading lies
 * (its block and farm), who captured it, the list filters and paging. A reading is visible when it
 * belongs to the current organisation and lies on a block of a farm the caller may see
 * (data-rules/farm-scope); every query below applies that rule.
 */
import type { FieldListQuery } from '@orchard/shared/field-capture';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, users } from '../../db/schema/index';

/** The block and farm of a visible farm block (the join every reading query makes). */
export function blockScope(viewer: FarmViewer): SQL[] {
  return [eq(farmBlocks.organizationId, viewer.organizationId), eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)];
}

/** The list filters on farm and block. */
export function placeFilters(query: Pick<FieldListQuery, 'farmId' | 'blockId'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.farmId !== undefined) conditions.push(eq(farms.id, query.farmId));
  if (query.blockId !== undefined) conditions.push(eq(farmBlocks.id, query.blockId));
  return conditions;
}

/** The list filter on a day column: from and to included, either open. */
export function dayFilters(day: AnyPgColumn, query: Pick<FieldListQuery, 'from' | 'to'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.from !== undefined) conditions.push(sql`${day} >= ${query.from}`);
  if (query.to !== undefined) conditions.push(sql`${day} <= ${query.to}`);
  return conditions;
}

/** Where a reading lies and who captured it (left-joined users: null once that user is deleted). */
export const placeColumns = {
  farmId: farms.id,
  farmName: farms.farmName,
  farmBlockId: farmBlocks.id,
  blockName: farmBlocks.name,
  capturedByName: sql<string | null>`coalesce(nullif(btrim(${users.fullName}), ''), ${users.userName})`,
};

/** LIMIT and OFFSET of a page. */
export function pageWindow(query: Pick<FieldListQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** The count of a list's rows, from the same joins and conditions as its page. */
export async function countOf(rows: Promise<{ total: number }[]>): Promise<number> {
  return Number((await rows)[0]?.total ?? 0);
}
export const totalColumn = { total: count() };

/** The farm blocks of the caller's farms (optionally one farm's), by farm then block name. */
export async function findFieldBlocks(db: AppDb, viewer: FarmViewer, farmId: number | undefined) {
  const conditions = blockScope(viewer);
  if (farmId !== undefined) conditions.push(eq(farms.id, farmId));
  return db
    .select({ id: farmBlocks.id, farmId: farms.id, farmName: farms.farmName, name: farmBlocks.name, ha: farmBlocks.ha })
    .from(farmBlocks)
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id), asc(sql`lower(${farmBlocks.name})`), asc(farmBlocks.id));
}

/** A farm block the caller may capture on, with its farm's observation point limit; null when not visible. */
export async function findCaptureBlock(db: AppDb, viewer: FarmViewer, blockId: number) {
  const [row] = await db
    .select({ id: farmBlocks.id, farmId: farms.id, maxObservationPoints: farms.maxObservationPoints })
    .from(farmBlocks)
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(eq(farmBlocks.id, blockId), ...blockScope(viewer)));
  return row ?? null;
}

/** Whether the caller may see the farm (the list's farm filter). */
export async function farmIsVisible(db: AppDb, viewer: FarmViewer, farmId: number): Promise<boolean> {
  const rows = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)));
  return rows.length > 0;
}
