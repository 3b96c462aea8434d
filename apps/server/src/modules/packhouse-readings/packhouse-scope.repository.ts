/**
 * Which packhouses a caller may read and capture on: the rule, stated once here. A packhouse is the
 * caller's when it is assigned to the caller in the current organisation (user_packhouses filed
 * under that organisation) and the organisation uses it (runs or has linked it, data-rules/packhouse-scope).
 * Any other packhouse, another organisation's or one not assigned to the caller, is not there for
 * this caller: every line, room and reading lies in a packhouse and follows it.
 *
 * The predicate is an `in (subquery)` over user_packhouses that does not depend on the outer row,
 * so PostgreSQL works out the caller's few packhouses once per statement.
 */
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { packhouseUsableBy } from '../../data-rules/packhouse-scope';
import { packhouses, userPackhouses } from '../../db/schema/index';

/** The caller: the signed-in user in the current organisation. */
export interface PackhouseViewer {
  userId: number;
  organizationId: number;
}

/** The caller's packhouses, as a subquery of their ids. */
function assignedPackhouseIds(viewer: PackhouseViewer) {
  return new QueryBuilder()
    .select({ id: userPackhouses.packhouseId })
    .from(userPackhouses)
    .innerJoin(packhouses, eq(packhouses.id, userPackhouses.packhouseId))
    .where(
      and(
        eq(userPackhouses.userId, viewer.userId),
        eq(userPackhouses.organizationId, viewer.organizationId),
        packhouseUsableBy(viewer.organizationId),
      ),
    );
}

/** The packhouse `packhouseId` (a column or expression) is one of the caller's. */
export function packhouseAssignedTo(viewer: PackhouseViewer, packhouseId: SQLWrapper): SQL {
  return sql`${packhouseId} in ${assignedPackhouseIds(viewer)}`;
}

/** The caller's packhouses, by name. */
export async function findAssignedPackhouses(db: AppDb, viewer: PackhouseViewer) {
  return db
    .select({ id: packhouses.id, name: packhouses.name })
    .from(packhouses)
    .where(packhouseAssignedTo(viewer, packhouses.id))
    .orderBy(asc(sql`lower(${packhouses.name})`), asc(packhouses.id));
}

/** Whether the packhouse is one of the caller's. */
export async function packhouseIsAssigned(db: AppDb, viewer: PackhouseViewer, packhouseId: number): Promise<boolean> {
  const rows = await db
    .select({ id: packhouses.id })
    .from(packhouses)
    .where(and(eq(packhouses.id, packhouseId), packhouseAssignedTo(viewer, packhouses.id)));
  return rows.length > 0;
}
