/**
 * Farm scope: which farms a user may see in an organisation (docs/domain.md, Farm assignments:
 * farm, area and legal-entity lists are limited to those of the current user).
 *
 * The rule, stated once here: a user sees a farm when the farm belongs to the current organisation
 * and is assigned to the user in that organisation (user_farms). A user with no farm assigned there
 * sees no farm at all; no role, permission or super-user flag widens it. Everything reached through
 * a farm follows the farm: its PUCs, production and farm blocks, bins, estimates, picking rows and
 * cells, scouting sessions, and the legal entities and areas of the visible farms.
 *
 * Rows another organisation addresses to a packhouse the current organisation owns (docs/domain.md, Packhouses and packhouse readings) are
 * not farm data of the current organisation: the packhouse rule governs them, not this scope (see
 * `growerRowVisibleTo`).
 *
 * Every predicate is an SQL `in (subquery)` over user_farms (index user_id, organization_id) and
 * farms (primary key). The subquery does not depend on the outer row, so PostgreSQL works out the
 * caller's few farms once per statement (a hashed subplan or semi-join) and the predicate goes into
 * a where-clause of the query it limits, which stays one statement.
 */
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder, alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { notFound } from '../lib/errors';
import type { AppDb } from '../db/client';
import { farms, productionBlocks, pucs, userFarms } from '../db/schema/index';

/** The caller: the signed-in user in the current organisation. */
export interface FarmViewer {
  userId: number;
  organizationId: number;
}

const assigned = alias(userFarms, 'scope_user_farm');
const farm = alias(farms, 'scope_farm');
const scopePuc = alias(pucs, 'scope_puc');
const scopeBlock = alias(productionBlocks, 'scope_production_block');

/**
 * The one rule: the farms of the viewer's organisation assigned to the viewer there, as a subquery
 * answering `column` of each (its id, legal entity or area).
 */
function assignedFarms(viewer: FarmViewer, column: (f: typeof farm) => AnyPgColumn) {
  return new QueryBuilder()
    .select({ value: column(farm) })
    .from(assigned)
    .innerJoin(farm, eq(farm.id, assigned.farmId))
    .where(
      and(
        eq(assigned.userId, viewer.userId),
        eq(assigned.organizationId, viewer.organizationId),
        eq(farm.organizationId, viewer.organizationId),
      ),
    );
}

/** The farm `farmId` (a column or expression) is one the viewer may see. */
export function farmVisibleTo(viewer: FarmViewer, farmId: SQLWrapper): SQL {
  return sql`${farmId} in ${assignedFarms(viewer, (f) => f.id)}`;
}

/** The legal entity `legalEntityId` owns at least one farm the viewer may see. */
export function legalEntityVisibleTo(viewer: FarmViewer, legalEntityId: SQLWrapper): SQL {
  return sql`${legalEntityId} in ${assignedFarms(viewer, (f) => f.legalEntityId)}`;
}

/** The area `areaId` holds at least one farm the viewer may see. */
export function areaVisibleTo(viewer: FarmViewer, areaId: SQLWrapper): SQL {
  return sql`${areaId} in ${assignedFarms(viewer, (f) => f.areaId)}`;
}

/** The PUC `pucId` lies on a farm the viewer may see. */
export function pucVisibleTo(viewer: FarmViewer, pucId: SQLWrapper): SQL {
  const visible = new QueryBuilder().select({ id: scopePuc.id }).from(scopePuc).where(farmVisibleTo(viewer, scopePuc.farmId));
  return sql`${pucId} in ${visible}`;
}

/** The production block `productionBlockId` lies under a PUC on a farm the viewer may see. */
export function productionBlockVisibleTo(viewer: FarmViewer, productionBlockId: SQLWrapper): SQL {
  const visible = new QueryBuilder().select({ id: scopeBlock.id }).from(scopeBlock).where(pucVisibleTo(viewer, scopeBlock.pucId));
  return sql`${productionBlockId} in ${visible}`;
}

/**
 * A grower row (bin, picking row) of organisation `rowOrganizationId`, read by the viewer through a
 * packhouse: another organisation's row is not limited by the viewer's farms (the caller has
 * already limited it to packhouses the viewer's organisation owns); a row of the viewer's own
 * organisation only when `visible` (one of the predicates above) holds.
 */
export function growerRowVisibleTo(viewer: FarmViewer, rowOrganizationId: SQLWrapper, visible: SQL): SQL {
  return sql`(${rowOrganizationId} <> ${viewer.organizationId} or ${visible})`;
}

/** The organisation's farms the viewer may see (a Farm filter's options), by name. */
export async function findVisibleFarms(db: AppDb, viewer: FarmViewer): Promise<{ id: number; farmName: string }[]> {
  return db
    .select({ id: farms.id, farmName: farms.farmName })
    .from(farms)
    .where(and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id)))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id));
}

/**
 * The farm ids of a Farm filter, each once, checked against the farms the viewer may see: null when
 * the filter is absent (every farm the viewer may see); any other farm (another organisation's, one
 * not assigned to the viewer, an unknown id) answers 404, like an id that does not exist.
 */
export async function checkFarmFilter(db: AppDb, viewer: FarmViewer, ids: readonly number[] | undefined): Promise<number[] | null> {
  if (ids === undefined) return null;
  const own = new Set((await findVisibleFarms(db, viewer)).map((f) => f.id));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !own.has(id))) throw notFound('Farm');
  return unique;
}
