/**
 * Queries of employee management; every one is filtered by the organisation, and employees and
 * legal entities also by the caller's farms (data-rules/farm-scope: the legal entities of the farms assigned
 * to the caller, and their employees).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { legalEntityVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { employeeTypes, employees, legalEntities } from '../../db/schema/index';
import { nextVersion } from '../../data-rules/versioning';

const rowColumns = {
  id: employees.id,
  fullname: employees.fullname,
  legal_Entity: employees.legalEntityId,
  legalEntityName: legalEntities.name,
  type: employees.employeeTypeId,
  employeeType: employeeTypes.type,
  dateCreate: employees.dateCreate,
  version: employees.version,
};

const joinedRows = (db: AppDb) =>
  db
    .select(rowColumns)
    .from(employees)
    .innerJoin(legalEntities, eq(legalEntities.id, employees.legalEntityId))
    .innerJoin(employeeTypes, eq(employeeTypes.id, employees.employeeTypeId));

/** An employee of the organisation under a legal entity the caller may see. */
const visibleEmployee = (viewer: FarmViewer) =>
  and(eq(employees.organizationId, viewer.organizationId), legalEntityVisibleTo(viewer, employees.legalEntityId));

export async function findEmployees(
  db: AppDb,
  viewer: FarmViewer,
  filter: { legalEntities?: number[]; types?: number[] },
  limit: number,
) {
  return joinedRows(db)
    .where(
      and(
        visibleEmployee(viewer),
        filter.legalEntities ? inArray(employees.legalEntityId, filter.legalEntities) : undefined,
        filter.types ? inArray(employees.employeeTypeId, filter.types) : undefined,
      ),
    )
    .orderBy(asc(employees.id))
    .limit(limit);
}

/** The next batch of the list's rows after `after` (by id), for the CSV export. */
export async function findEmployeesAfter(
  db: AppDb,
  viewer: FarmViewer,
  filter: { legalEntities?: number[]; types?: number[] },
  page: { afterId: number | undefined; size: number },
) {
  return joinedRows(db)
    .where(
      and(
        visibleEmployee(viewer),
        filter.legalEntities ? inArray(employees.legalEntityId, filter.legalEntities) : undefined,
        filter.types ? inArray(employees.employeeTypeId, filter.types) : undefined,
        page.afterId === undefined ? undefined : gt(employees.id, page.afterId),
      ),
    )
    .orderBy(asc(employees.id))
    .limit(page.size);
}

export async function findEmployee(db: AppDb, viewer: FarmViewer, id: number) {
  const [row] = await joinedRows(db)
    .where(and(visibleEmployee(viewer), eq(employees.id, id)))
    .limit(1);
  return row ?? null;
}

/** Employees with this full name (case-insensitive, trimmed), legal entity and type. */
export async function findByCombination(db: AppDb, organizationId: number, combo: { fullname: string; legalEntityId: number; typeId: number }) {
  return joinedRows(db)
    .where(
      and(
        eq(employees.organizationId, organizationId),
        eq(employees.legalEntityId, combo.legalEntityId),
        eq(employees.employeeTypeId, combo.typeId),
        sql`lower(${employees.fullname}) = lower(${combo.fullname.trim()})`,
      ),
    )
    .orderBy(asc(employees.id));
}

export async function insertEmployee(db: AppDb, values: { organizationId: number; legalEntityId: number; employeeTypeId: number; fullname: string }) {
  const [row] = await db.insert(employees).values(values).onConflictDoNothing().returning({ id: employees.id });
  return row?.id ?? null;
}

/** Updates when the version matches; answers whether a row was written. */
export async function updateEmployee(
  db: AppDb,
  organizationId: number,
  id: number,
  version: number,
  values: { legalEntityId: number; employeeTypeId: number; fullname: string },
): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set({ ...values, version: nextVersion(employees.version) })
    .where(and(eq(employees.organizationId, organizationId), eq(employees.id, id), eq(employees.version, version)))
    .returning({ id: employees.id });
  return rows.length > 0;
}

export async function deleteEmployee(db: AppDb, viewer: FarmViewer, id: number): Promise<boolean> {
  const rows = await db
    .delete(employees)
    .where(and(visibleEmployee(viewer), eq(employees.id, id)))
    .returning({ id: employees.id });
  return rows.length > 0;
}

/** The organisation's legal entities the caller may see. */
export async function findLegalEntities(db: AppDb, viewer: FarmViewer) {
  return db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .where(and(eq(legalEntities.organizationId, viewer.organizationId), legalEntityVisibleTo(viewer, legalEntities.id)))
    .orderBy(asc(legalEntities.name), asc(legalEntities.id));
}

/** How many of `ids` are legal entities of the organisation the caller may see. */
export async function countLegalEntities(db: AppDb, viewer: FarmViewer, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(legalEntities)
    .where(and(eq(legalEntities.organizationId, viewer.organizationId), legalEntityVisibleTo(viewer, legalEntities.id), inArray(legalEntities.id, ids)));
  return row?.n ?? 0;
}

export async function findEmployeeTypes(db: AppDb, organizationId: number) {
  return db
    .select({ id: employeeTypes.id, type: employeeTypes.type })
    .from(employeeTypes)
    .where(eq(employeeTypes.organizationId, organizationId))
    .orderBy(asc(employeeTypes.type), asc(employeeTypes.id));
}

export async function countEmployeeTypes(db: AppDb, organizationId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(employeeTypes)
    .where(and(eq(employeeTypes.organizationId, organizationId), inArray(employeeTypes.id, ids)));
  return row?.n ?? 0;
}

/** Inserts the type unless one equal to it (case-insensitive) exists; answers the new id or null. */
export async function insertEmployeeType(db: AppDb, organizationId: number, type: string): Promise<number | null> {
  const [row] = await db.insert(employeeTypes).values({ organizationId, type }).onConflictDoNothing().returning({ id: employeeTypes.id });
  return row?.id ?? null;
}
