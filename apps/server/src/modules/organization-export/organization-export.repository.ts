/** The queries of the organisation data export: one page of a table's rows, the organisation's name. */
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { organizations } from '../../db/schema/index';
import type { CsvCell } from '../../lib/csv-export';
import { pageFilter, type ExportedTable } from './organization-export.tables';

export async function findOrganizationName(db: AppDb, organizationId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.name;
}

/** A value as a CSV cell: lists and objects (jsonb columns) as their JSON text. */
export function exportCell(value: unknown): CsvCell {
  if (value === null || value === undefined || value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/**
 * At most `size` of the organisation's rows of the table following the key `after` (undefined: the
 * first page), in primary-key order, each as its cells in the spec's column order followed by its key.
 */
export async function findTablePage(
  db: AppDb,
  spec: ExportedTable,
  organizationId: number,
  after: readonly unknown[] | undefined,
  size: number,
): Promise<{ cells: CsvCell[]; key: unknown[] }[]> {
  const selection = Object.fromEntries([...spec.columns.map((c, i) => [`c${i}`, c]), ...spec.key.map((c, i) => [`k${i}`, c])]);
  const rows = (await db
    .select(selection)
    .from(spec.table)
    .where(pageFilter(spec, organizationId, after))
    .orderBy(...spec.key.map((c) => asc(c)))
    .limit(size)) as Record<string, unknown>[];
  return rows.map((row) => ({
    cells: spec.columns.map((_c, i) => exportCell(row[`c${i}`])),
    key: spec.key.map((_c, i) => row[`k${i}`]),
  }));
}
