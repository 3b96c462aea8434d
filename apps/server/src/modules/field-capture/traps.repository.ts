/**
 * Queries of traps and trap inspections, inside the organisation and the caller's farms
 * (field-capture.repository); an inspection lies where its trap hangs.
 */
import type { TrapInspectionsQuery, TrapsQuery } from '@orchard/shared/field-capture';
import { and, desc, eq, max, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, trapInspections as inspections, traps, users } from '../../db/schema/index';
import { blockScope, countOf, dayFilters, pageWindow, placeColumns, placeFilters, totalColumn } from './field-capture.repository';
import { nextVersion } from '../../data-rules/versioning';

type Inserted = 'organizationId' | 'clientId' | 'capturedByUserId';

// traps

const lastInspectedOn = sql<string | null>`(select max(i.inspected_on)::text from ${inspections} i where i.trap_id = ${traps.id})`;

const trapColumns = {
  id: traps.id,
  clientId: traps.clientId,
  ...placeColumns,
  version: traps.version,
  trapType: traps.trapType,
  lure: traps.lure,
  code: traps.code,
  lat: traps.lat,
  lng: traps.lng,
  activeFrom: traps.activeFrom,
  activeTo: traps.activeTo,
  lastInspectedOn,
};
const trapScope = (viewer: FarmViewer) => [eq(traps.organizationId, viewer.organizationId), ...blockScope(viewer)];

/** Traps active on at least one day of the range. */
function trapList(viewer: FarmViewer, query: TrapsQuery) {
  const conditions: SQL[] = [...trapScope(viewer), ...placeFilters(query)];
  if (query.to !== undefined) conditions.push(sql`${traps.activeFrom} <= ${query.to}`);
  if (query.from !== undefined) conditions.push(or(sql`${traps.activeTo} is null`, sql`${traps.activeTo} >= ${query.from}`)!);
  return and(...conditions);
}

function selectTraps(db: AppDb) {
  return db
    .select(trapColumns)
    .from(traps)
    .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .leftJoin(users, eq(users.id, traps.capturedByUserId));
}

export async function findTrap(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await selectTraps(db).where(and(eq(traps.id, id), ...trapScope(viewer)));
  return row ?? null;
}

/** A page of traps, latest placed first. */
export async function findTraps(db: AppDb, viewer: FarmViewer, query: TrapsQuery) {
  const { limit, offset } = pageWindow(query);
  return selectTraps(db).where(trapList(viewer, query)).orderBy(desc(traps.activeFrom), desc(traps.id)).limit(limit).offset(offset);
}

export async function countTraps(db: AppDb, viewer: FarmViewer, query: TrapsQuery) {
  return countOf(
    db.select(totalColumn).from(traps).innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId)).innerJoin(farms, eq(farms.id, farmBlocks.farmId)).where(trapList(viewer, query)),
  );
}

/** The coded traps of the caller's farms (their code and block), for imports naming a trap by code. */
export async function findCodedTraps(db: AppDb, viewer: FarmViewer) {
  return db
    .select({ id: traps.id, farmBlockId: traps.farmBlockId, code: traps.code })
    .from(traps)
    .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(and(...trapScope(viewer), sql`${traps.code} is not null`));
}

export async function findTrapIdByClientId(db: AppDb, organizationId: number, clientId: string) {
  const [row] = await db.select({ id: traps.id }).from(traps).where(and(eq(traps.organizationId, organizationId), eq(traps.clientId, clientId)));
  return row?.id ?? null;
}

export type TrapValues = Pick<typeof traps.$inferInsert, 'farmBlockId' | 'trapType' | 'lure' | 'code' | 'lat' | 'lng' | 'activeFrom' | 'activeTo'>;

export async function insertTrap(db: AppDb, values: TrapValues & Pick<typeof traps.$inferInsert, Inserted>) {
  const [row] = await db.insert(traps).values(values).returning({ id: traps.id });
  return row!.id;
}

export async function updateTrapIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: TrapValues) {
  const rows = await db
    .update(traps)
    .set({ ...values, version: nextVersion(traps.version) })
    .where(and(eq(traps.organizationId, organizationId), eq(traps.id, id), eq(traps.version, version)))
    .returning({ id: traps.id });
  return rows.length > 0;
}

/** The first and last day of the trap's inspections (null when it has none). */
export async function findInspectionSpan(db: AppDb, trapId: number) {
  const [row] = await db
    .select({ first: sql<string | null>`min(${inspections.inspectedOn})::text`, last: max(inspections.inspectedOn) })
    .from(inspections)
    .where(eq(inspections.trapId, trapId));
  return { first: row?.first ?? null, last: row?.last ?? null };
}

export async function deleteTrapRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(traps).where(and(eq(traps.organizationId, organizationId), eq(traps.id, id)));
}

// inspections

const inspectionColumns = {
  id: inspections.id,
  clientId: inspections.clientId,
  ...placeColumns,
  version: inspections.version,
  trapId: traps.id,
  trapType: traps.trapType,
  lure: traps.lure,
  trapCode: traps.code,
  inspectedOn: inspections.inspectedOn,
  count: inspections.count,
  note: inspections.note,
};
const inspectionScope = (viewer: FarmViewer) => [eq(inspections.organizationId, viewer.organizationId), eq(traps.organizationId, viewer.organizationId), ...blockScope(viewer)];

function inspectionList(viewer: FarmViewer, query: TrapInspectionsQuery) {
  const conditions: SQL[] = [...inspectionScope(viewer), ...placeFilters(query), ...dayFilters(inspections.inspectedOn, query)];
  if (query.trapId !== undefined) conditions.push(eq(traps.id, query.trapId));
  return and(...conditions);
}

function selectInspections(db: AppDb) {
  return db
    .select(inspectionColumns)
    .from(inspections)
    .innerJoin(traps, eq(traps.id, inspections.trapId))
    .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .leftJoin(users, eq(users.id, inspections.capturedByUserId));
}

export async function findTrapInspection(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await selectInspections(db).where(and(eq(inspections.id, id), ...inspectionScope(viewer)));
  return row ?? null;
}

/** A page of inspections, newest day first. */
export async function findTrapInspections(db: AppDb, viewer: FarmViewer, query: TrapInspectionsQuery) {
  const { limit, offset } = pageWindow(query);
  return selectInspections(db).where(inspectionList(viewer, query)).orderBy(desc(inspections.inspectedOn), desc(inspections.id)).limit(limit).offset(offset);
}

export async function countTrapInspections(db: AppDb, viewer: FarmViewer, query: TrapInspectionsQuery) {
  return countOf(
    db
      .select(totalColumn)
      .from(inspections)
      .innerJoin(traps, eq(traps.id, inspections.trapId))
      .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
      .where(inspectionList(viewer, query)),
  );
}

export async function findInspectionIdByClientId(db: AppDb, organizationId: number, clientId: string) {
  const [row] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(and(eq(inspections.organizationId, organizationId), eq(inspections.clientId, clientId)));
  return row?.id ?? null;
}

export type InspectionValues = Pick<typeof inspections.$inferInsert, 'inspectedOn' | 'count' | 'note'>;

export async function insertTrapInspection(db: AppDb, values: InspectionValues & Pick<typeof inspections.$inferInsert, Inserted | 'trapId'>) {
  const [row] = await db.insert(inspections).values(values).returning({ id: inspections.id });
  return row!.id;
}

export async function updateTrapInspectionIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: InspectionValues) {
  const rows = await db
    .update(inspections)
    .set({ ...values, version: nextVersion(inspections.version) })
    .where(and(eq(inspections.organizationId, organizationId), eq(inspections.id, id), eq(inspections.version, version)))
    .returning({ id: inspections.id });
  return rows.length > 0;
}

export async function deleteTrapInspectionRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(inspections).where(and(eq(inspections.organizationId, organizationId), eq(inspections.id, id)));
}
