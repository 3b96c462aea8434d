/** Queries of phenology observations, inside the organisation and the caller's farms (field-capture.repository). */
import type { PhenologyObservationsQuery } from '@orchard/shared/field-capture';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { farmBlocks, farms, phenologyObservations as obs, users } from '../../db/schema/index';
import { blockScope, countOf, dayFilters, pageWindow, placeColumns, placeFilters, totalColumn } from './field-capture.repository';
import { nextVersion } from '../../data-rules/versioning';

const columns = {
  id: obs.id,
  clientId: obs.clientId,
  ...placeColumns,
  version: obs.version,
  observedOn: obs.observedOn,
  stage: obs.stage,
  percentOfTrees: obs.percentOfTrees,
};

const scope = (viewer: FarmViewer) => [eq(obs.organizationId, viewer.organizationId), ...blockScope(viewer)];

function select(db: AppDb) {
  return db
    .select(columns)
    .from(obs)
    .innerJoin(farmBlocks, eq(farmBlocks.id, obs.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .leftJoin(users, eq(users.id, obs.capturedByUserId));
}

export async function findPhenologyObservation(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await select(db).where(and(eq(obs.id, id), ...scope(viewer)));
  return row ?? null;
}

function listConditions(viewer: FarmViewer, query: PhenologyObservationsQuery) {
  return and(...scope(viewer), ...placeFilters(query), ...dayFilters(obs.observedOn, query));
}

/** A page of observations, newest day first. */
export async function findPhenologyObservations(db: AppDb, viewer: FarmViewer, query: PhenologyObservationsQuery) {
  const { limit, offset } = pageWindow(query);
  return select(db).where(listConditions(viewer, query)).orderBy(desc(obs.observedOn), desc(obs.id)).limit(limit).offset(offset);
}

export async function countPhenologyObservations(db: AppDb, viewer: FarmViewer, query: PhenologyObservationsQuery) {
  return countOf(
    db
      .select(totalColumn)
      .from(obs)
      .innerJoin(farmBlocks, eq(farmBlocks.id, obs.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
      .where(listConditions(viewer, query)),
  );
}

export async function findPhenologyIdByClientId(db: AppDb, organizationId: number, clientId: string) {
  const [row] = await db.select({ id: obs.id }).from(obs).where(and(eq(obs.organizationId, organizationId), eq(obs.clientId, clientId)));
  return row?.id ?? null;
}

export type PhenologyValues = Pick<typeof obs.$inferInsert, 'farmBlockId' | 'observedOn' | 'stage' | 'percentOfTrees'>;

export async function insertPhenologyObservation(db: AppDb, values: PhenologyValues & Pick<typeof obs.$inferInsert, 'organizationId' | 'clientId' | 'capturedByUserId'>) {
  const [row] = await db.insert(obs).values(values).returning({ id: obs.id });
  return row!.id;
}

/** true when the row still had `version` and now has the values */
export async function updatePhenologyObservationIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: PhenologyValues) {
  const rows = await db
    .update(obs)
    .set({ ...values, version: nextVersion(obs.version) })
    .where(and(eq(obs.organizationId, organizationId), eq(obs.id, id), eq(obs.version, version)))
    .returning({ id: obs.id });
  return rows.length > 0;
}

export async function deletePhenologyObservationRow(db: AppDb, organizationId: number, id: number) {
  await db.delete(obs).where(and(eq(obs.organizationId, organizationId), eq(obs.id, id)));
}
