/**
 * Employee management (docs/domain.md, Employees).
 *
 * - Everything is inside the current organisation: another organisation's employee, legal entity
 *   or employee type answers 404, like an id that does not exist.
 * - Legal entities and their employees are limited to the caller's farms (data-rules/farm-scope): a legal
 *   entity is visible when one of its farms is assigned to the caller in the organisation. An
 *   employee or legal entity outside them answers 404 too; a caller with no farm sees none.
 * - One employee per full name (trimmed, case-insensitive), legal entity and type: adding or
 *   editing into an existing combination answers 409 "User and type combination Aleady Exists for
 *   this Legal Entity" (the unique index makes this hold under concurrent saves too).
 * - Edits carry the version the client read; a stale version answers 412, so nothing is silently
 *   overwritten.
 * - Employee types are unique per organisation, trimmed and case-insensitive: "Type Already Exists".
 */
import {
  EMPLOYEES_CSV_COLUMNS,
  EMPLOYEES_EXPORT_NAMES,
  EMPLOYEE_LIST_MAX,
  EMPLOYEE_MESSAGES,
  employeesFileName,
  type AddEmployeeBody,
  type Employee,
  type EmployeesQuery,
  type FindEmployeeQuery,
  type UpdateEmployeeBody,
} from '@orchard/shared/employees';
import type { AppDb } from '../../db/client';
import { inBatches } from '../../db/batches';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflict, notFound, preconditionFailed } from '../../lib/errors';
import {
  countEmployeeTypes,
  countLegalEntities,
  deleteEmployee,
  findByCombination,
  findEmployee,
  findEmployeeTypes,
  findEmployees,
  findEmployeesAfter,
  findLegalEntities,
  insertEmployee,
  insertEmployeeType,
  updateEmployee,
} from './employees.repository';

type Row = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;

const toEmployee = ({ dateCreate, ...row }: Row): Employee => ({ ...row, date_Create: dateCreate.toISOString() });

const duplicate = () => conflict(EMPLOYEE_MESSAGES.duplicate);
const staleVersion = () => preconditionFailed(EMPLOYEE_MESSAGES.staleVersion);

/** The caller: the user in the current organisation. */
export type EmployeesActor = FarmViewer;

/** Legal entities the caller may see and employee types of the organisation; else 404. */
async function requireOwn(db: AppDb, viewer: EmployeesActor, legalEntityIds: readonly number[] | undefined, typeIds: readonly number[] | undefined) {
  const entities = [...new Set(legalEntityIds ?? [])];
  if (entities.length && (await countLegalEntities(db, viewer, entities)) !== entities.length) throw notFound('Legal entity');
  const types = [...new Set(typeIds ?? [])];
  if (types.length && (await countEmployeeTypes(db, viewer.organizationId, types)) !== types.length) throw notFound('Employee type');
}

export async function listEmployees(db: AppDb, viewer: EmployeesActor, query: EmployeesQuery): Promise<Employee[]> {
  await requireOwn(db, viewer, query.legalEntities, query.types);
  const rows = await findEmployees(db, viewer, { legalEntities: query.legalEntities, types: query.types }, EMPLOYEE_LIST_MAX);
  return rows.map(toEmployee);
}

/**
 * The list as CSV (lib/csv-export.ts): the same filter, permission and farm scope as the list, every
 * row (read in batches by id, not capped at EMPLOYEE_LIST_MAX), in the table's columns.
 */
export async function exportEmployees(db: AppDb, viewer: EmployeesActor, query: EmployeesQuery, now: Date, url: string): Promise<CsvExport> {
  await requireOwn(db, viewer, query.legalEntities, query.types);
  const filter = { legalEntities: query.legalEntities, types: query.types };
  const rows = inBatches((after: Row | undefined, size) => findEmployeesAfter(db, viewer, filter, { afterId: after?.id, size }));
  return {
    fileName: employeesFileName(now),
    ...byColumns(EMPLOYEES_CSV_COLUMNS, rows),
    log: { userId: viewer.userId, organizationId: viewer.organizationId, url, ...EMPLOYEES_EXPORT_NAMES, exportTime: now },
  };
}

export async function getEmployee(db: AppDb, viewer: EmployeesActor, id: number): Promise<Employee> {
  const row = await findEmployee(db, viewer, id);
  if (!row) throw notFound('Employee');
  return toEmployee(row);
}

export async function findEmployeesByCombination(db: AppDb, viewer: EmployeesActor, query: FindEmployeeQuery): Promise<Employee[]> {
  await requireOwn(db, viewer, [query.legalEntity], [query.type]);
  const rows = await findByCombination(db, viewer.organizationId, { fullname: query.fullname, legalEntityId: query.legalEntity, typeId: query.type });
  return rows.map(toEmployee);
}

export async function addEmployee(db: AppDb, viewer: EmployeesActor, body: AddEmployeeBody): Promise<Employee> {
  const { organizationId } = viewer;
  return db.transaction(async (tx) => {
    await requireOwn(tx, viewer, [body.legal_Entity], [body.type]);
    const id = await insertEmployee(tx, {
      organizationId,
      legalEntityId: body.legal_Entity,
      employeeTypeId: body.type,
      fullname: body.fullname.trim(),
    });
    if (id === null) throw duplicate();
    return getEmployee(tx, viewer, id);
  });
}

export async function editEmployee(db: AppDb, viewer: EmployeesActor, id: number, body: UpdateEmployeeBody): Promise<Employee> {
  try {
    return await saveEdit(db, viewer, id, body);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

async function saveEdit(db: AppDb, viewer: EmployeesActor, id: number, body: UpdateEmployeeBody): Promise<Employee> {
  const { organizationId } = viewer;
  return db.transaction(async (tx) => {
    const current = await findEmployee(tx, viewer, id);
    if (!current) throw notFound('Employee');
    await requireOwn(tx, viewer, [body.legal_Entity], [body.type]);
    if (current.version !== body.version) throw staleVersion();
    const others = await findByCombination(tx, organizationId, { fullname: body.fullname, legalEntityId: body.legal_Entity, typeId: body.type });
    if (others.some((o) => o.id !== id)) throw duplicate();
    const values = { legalEntityId: body.legal_Entity, employeeTypeId: body.type, fullname: body.fullname.trim() };
    if (!(await updateEmployee(tx, organizationId, id, body.version, values))) throw staleVersion();
    return getEmployee(tx, viewer, id);
  });
}

export async function removeEmployee(db: AppDb, viewer: EmployeesActor, id: number): Promise<void> {
  if (!(await deleteEmployee(db, viewer, id))) throw notFound('Employee');
}

export const listLegalEntities = findLegalEntities;
export const listEmployeeTypes = findEmployeeTypes;

export async function addEmployeeType(db: AppDb, organizationId: number, type: string) {
  const trimmed = type.trim();
  const id = await insertEmployeeType(db, organizationId, trimmed);
  if (id === null) throw conflict(EMPLOYEE_MESSAGES.typeExists);
  return { id, type: trimmed };
}
