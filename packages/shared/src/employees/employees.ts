/**
 * Employee management API (docs/domain.md, Employees): the organisation's employees (people
 * without a sign-in) with their legal entity and employee type, the filter options (legal entities
 * and employee types), finding an employee by full name, legal entity and type, adding, editing
 * and deleting employees, and adding employee types.
 *
 * `legalEntities` / `types` on the list: omitted means no restriction; given, rows of those legal
 * entities / types only. An id of another organisation's legal entity or type answers 404.
 * Editing sends the version the client read; a stale version answers 412.
 */
import { z } from 'zod';
import { idListQuerySchema, idSchema, jsonIdSchema, versionSchema } from '../core/common.js';
import { exportFileTimestamp } from '../picking/csv.js';

export const EMPLOYEES_PATHS = {
  /** GET the rows (`?legalEntities=..&types=..`), POST adds one */
  list: '/api/employees',
  /** GET, PUT (with version) and DELETE one employee */
  one: '/api/employees/:id',
  /** employees with this full name, legal entity and type (`?fullname=&legalEntity=&type=`) */
  find: '/api/employees/find',
  /** the organisation's legal entities (Legal Entity filter and field) */
  legalEntities: '/api/employees/legal-entities',
  /** GET the organisation's employee types, POST adds one */
  types: '/api/employee-types',
  /** GET the list as CSV (`?legalEntities=..&types=..`, as the list): every row, not only the list's first EMPLOYEE_LIST_MAX */
  export: '/api/employees/export',
} as const;

export const EMPLOYEES_EXPORT_NAMES = { componentName: 'EmployeesComponent', reportName: 'Employees' } as const;
export const EMPLOYEES_FILE_PREFIX = 'Employees';

/** Employees-yyyy-MM-dd-HH-mm-ss.csv, in the business time zone, as every export is named. */
export function employeesFileName(at: Date): string {
  return `${EMPLOYEES_FILE_PREFIX}-${exportFileTimestamp(at)}.csv`;
}

/** The CSV's columns, in the table's order, then when the employee was added (RFC 3339, business time zone, as every export writes times). */
export const EMPLOYEES_CSV_COLUMNS = [
  { key: 'id', header: 'Id' },
  { key: 'employeeType', header: 'Type' },
  { key: 'legalEntityName', header: 'Legal Entity' },
  { key: 'fullname', header: 'Full Name' },
  { key: 'dateCreate', header: 'Date Created' },
] as const;

export const EMPLOYEE_SCROLL_HEIGHT = '620px';
export const EMPLOYEE_FULLNAME_MAX = 200;
export const EMPLOYEE_TYPE_MAX = 100;
/** Most ids one filter takes. */
export const EMPLOYEE_FILTER_MAX_IDS = 500;
/** Most rows the list answers. */
export const EMPLOYEE_LIST_MAX = 5000;

/** The product's captions and messages, spelled exactly as the screens show them, and the server's own for the other cases. */
export const EMPLOYEE_MESSAGES = {
  updated: 'Successfully Updated User',
  added: 'Successfully Added User',
  duplicateTitle: 'User Exists',
  duplicate: 'User and type combination Aleady Exists for this Legal Entity',
  typeExists: 'Type Already Exists',
  deleteConfirm: 'Are you sure you want to delete this record?',
  typeRequired: 'Type is required',
  fullnameRequired: 'Full Name is required',
  fullnameLength: `The full name may be at most ${EMPLOYEE_FULLNAME_MAX} characters`,
  typeLength: `The type may be at most ${EMPLOYEE_TYPE_MAX} characters`,
  staleVersion: 'The employee was changed by someone else; reload and try again',
} as const;

/** The stable reason key of each of EMPLOYEE_MESSAGES, sent beside the text (see reasons.ts). */
export const EMPLOYEE_REASONS = {
  updated: 'employee-updated',
  added: 'employee-added',
  duplicateTitle: 'employee-duplicate-title',
  duplicate: 'employee-duplicate',
  typeExists: 'employee-type-exists',
  deleteConfirm: 'employee-delete-confirm',
  typeRequired: 'employee-type-required',
  fullnameRequired: 'employee-fullname-required',
  fullnameLength: 'employee-fullname-too-long',
  typeLength: 'employee-type-too-long',
  staleVersion: 'employee-stale',
} as const satisfies Record<keyof typeof EMPLOYEE_MESSAGES, string>;


/** `?types=1&types=2` or `?types=1,2`; absent means no restriction. */
const idListQuery = idListQuerySchema(EMPLOYEE_FILTER_MAX_IDS);

export const employeesQuerySchema = z.object({ legalEntities: idListQuery, types: idListQuery });
export type EmployeesQuery = z.infer<typeof employeesQuerySchema>;

/** Employee: id, fullname, legal_Entity, type, date_Create; rows also carry the type and legal-entity name. */
export const employeeSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  legal_Entity: z.number().int(),
  legalEntityName: z.string(),
  type: z.number().int(),
  employeeType: z.string(),
  /** ISO 8601 */
  date_Create: z.string(),
  version: z.number().int(),
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeesResponseSchema = z.array(employeeSchema);

export const employeeIdParamsSchema = z.object({ id: idSchema });

const fullname = z.string().trim().min(1, EMPLOYEE_MESSAGES.fullnameRequired).max(EMPLOYEE_FULLNAME_MAX, EMPLOYEE_MESSAGES.fullnameLength);

/** Add: legal entity, full name and type are all required. */
export const addEmployeeBodySchema = z.object({ fullname, legal_Entity: jsonIdSchema, type: jsonIdSchema });
export type AddEmployeeBody = z.infer<typeof addEmployeeBodySchema>;

/** Edit: the same fields and the version the client read. */
export const updateEmployeeBodySchema = addEmployeeBodySchema.extend({ version: versionSchema });
export type UpdateEmployeeBody = z.infer<typeof updateEmployeeBodySchema>;

export const findEmployeeQuerySchema = z.object({
  fullname: z.string().trim().min(1).max(EMPLOYEE_FULLNAME_MAX),
  legalEntity: idSchema,
  type: idSchema,
});
export type FindEmployeeQuery = z.infer<typeof findEmployeeQuerySchema>;

/** Employee type: id, type. */
export const employeeTypeSchema = z.object({ id: z.number().int(), type: z.string() });
export type EmployeeType = z.infer<typeof employeeTypeSchema>;
export const employeeTypesResponseSchema = z.array(employeeTypeSchema);

export const addEmployeeTypeBodySchema = z.object({
  type: z.string().trim().min(1, EMPLOYEE_MESSAGES.typeRequired).max(EMPLOYEE_TYPE_MAX, EMPLOYEE_MESSAGES.typeLength),
});
export type AddEmployeeTypeBody = z.infer<typeof addEmployeeTypeBodySchema>;

/** Legal entity: id, name. */
export const employeeLegalEntitySchema = z.object({ id: z.number().int(), name: z.string() });
export type EmployeeLegalEntity = z.infer<typeof employeeLegalEntitySchema>;
export const employeeLegalEntitiesResponseSchema = z.array(employeeLegalEntitySchema);

/** Whether the details form may be saved: legal entity, full name and type all set. */
export function canSaveEmployee(form: { legal_Entity: number | null; fullname: string; type: number | null }): boolean {
  return form.legal_Entity !== null && form.type !== null && form.fullname.trim() !== '';
}

/** Whether an employee type equals an existing one (case-insensitive, trimmed). */
export function employeeTypeExists(type: string, existing: readonly { type: string }[]): boolean {
  const wanted = type.trim().toLowerCase();
  return existing.some((e) => e.type.trim().toLowerCase() === wanted);
}

/**
 * The list's query string for a filter selection: a list holding every option is left out (no
 * restriction), others become repeated parameters. null when a filter has nothing selected.
 */
export function employeesSearch(
  selected: { legalEntities: readonly number[]; types: readonly number[] },
  options: { legalEntities: readonly number[]; types: readonly number[] },
): string | null {
  const parts: string[] = [];
  for (const key of ['legalEntities', 'types'] as const) {
    const chosen = selected[key];
    const all = options[key];
    if (all.length > 0 && chosen.length === 0) return null;
    if (all.length > 0 && all.every((x) => chosen.includes(x))) continue;
    for (const x of chosen) parts.push(`${key}=${encodeURIComponent(String(x))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
