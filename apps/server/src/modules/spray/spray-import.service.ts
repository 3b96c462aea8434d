/**
 * Spray product import: a CSV file of products (shared SPRAY_IMPORT_COLUMNS, the export's columns),
 * read the way every import reads its file (lib/csv-import), previewed line by line and written
 * all or nothing, answered as every CSV import answers (shared core/csv-import.ts).
 *
 * A line is checked by the product's own rules (sprayProductBodySchema: its messages, its reasons)
 * after its list cells are read; its markets must be the organisation's export markets. A product
 * of the same name (ignoring case) is changed (its version raised) or unchanged; otherwise one is
 * created. A name twice in the file, a formula cell or a cell too long refuses the line. A commit
 * with a refused line writes nothing (400); a product edited between the read and the write 412.
 */
import { csvImportAnswer, type CsvImportAnswer, type CsvImportLine, type CsvImportQuery } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES } from '@orchard/shared/farm-setup';
import { startsLikeFormula } from '@orchard/shared/picking';
import {
  SPRAY_IMPORT_COLUMNS,
  SPRAY_IMPORT_MAX_CELL,
  SPRAY_IMPORT_MAX_ROWS,
  SPRAY_IMPORT_REQUIRED_COLUMNS,
  SPRAY_MESSAGES as M,
  parseIngredientsCell,
  parseMarketDaysCell,
  splitSprayList,
  sprayNameKey,
  sprayProductBodySchema,
  type SprayProductValues,
} from '@orchard/shared/spray';
import type { AppDb } from '../../db/client';
import { lineProblem, readImportRows, refuseRefusedLines, type CellProblem } from '../../lib/csv-import';
import { preconditionFailed } from '../../lib/errors';
import { findProducts, insertProduct, updateProductIfVersion, type ProductRow, type ProductValues } from './spray.repository';
import { marketIdsByName, namedOnce, type SprayActor } from './spray.service';

/** The body field a product rule's issue names, as the file's column. */
const COLUMN_OF: Record<string, string> = {
  name: 'name',
  registrationNumber: 'registration_number',
  formulation: 'formulation',
  activeIngredients: 'active_ingredients',
  targetPests: 'target_pests',
  localWithholdingDays: 'local_days',
  marketWithholding: 'market_days',
};

type Planned = CsvImportLine & { values: ProductValues | null; version: number | null };

const WHOLE = /^\d{1,4}$/;

function sameProduct(row: ProductRow, values: ProductValues): boolean {
  const entries = (list: { marketId: number; days: number }[]) =>
    JSON.stringify([...list].sort((a, b) => a.marketId - b.marketId).map((m) => [m.marketId, m.days]));
  return (
    row.name === values.name &&
    row.registrationNumber === values.registrationNumber &&
    row.formulation === values.formulation &&
    JSON.stringify(row.activeIngredients) === JSON.stringify(values.activeIngredients) &&
    JSON.stringify(row.targetPests) === JSON.stringify(values.targetPests) &&
    row.localWithholdingDays === values.localWithholdingDays &&
    entries(row.marketWithholding) === entries(values.marketDays)
  );
}

async function plan(db: AppDb, actor: SprayActor, bytes: Buffer): Promise<Planned[]> {
  const rows = readImportRows(bytes, {
    columns: SPRAY_IMPORT_COLUMNS,
    required: SPRAY_IMPORT_REQUIRED_COLUMNS,
    maxRows: SPRAY_IMPORT_MAX_ROWS,
    messages: { notCsv: M.importNotCsv, empty: M.importEmpty, tooManyRows: M.importTooManyRows, missingColumn: M.importMissingColumn },
  });
  const markets = await marketIdsByName(db, actor.organizationId);
  const existing = new Map((await findProducts(db, actor.organizationId)).map((p) => [sprayNameKey(p.name), p]));
  const seen = new Set<string>();

  return rows.map(({ line, cells }): Planned => {
    const problems: CellProblem[] = [];
    const problem = (field: string, message: string) => {
      if (!problems.some((p) => p.field === field)) problems.push({ field, message });
    };
    for (const column of SPRAY_IMPORT_COLUMNS) {
      if (startsLikeFormula(cells[column])) problem(column, FARM_SETUP_MESSAGES.importFormula);
      else if (cells[column].length > SPRAY_IMPORT_MAX_CELL) problem(column, M.importCellTooLong);
    }
    const ingredients = parseIngredientsCell(cells.active_ingredients);
    if (ingredients === null) problem('active_ingredients', M.importIngredientsInvalid);
    const marketDays = parseMarketDaysCell(cells.market_days);
    if (marketDays === null) problem('market_days', M.importMarketDaysInvalid);
    const body = {
      name: cells.name,
      registrationNumber: cells.registration_number,
      formulation: cells.formulation.toUpperCase(),
      activeIngredients: ingredients ?? [],
      targetPests: splitSprayList(cells.target_pests),
      // a cell that is not a whole number is judged by the days rule, as a number out of range is
      localWithholdingDays: WHOLE.test(cells.local_days) ? Number(cells.local_days) : Number.NaN,
      marketWithholding: marketDays ?? [],
    };
    const read = sprayProductBodySchema.safeParse(body);
    if (!read.success) for (const issue of read.error.issues) problem(COLUMN_OF[String(issue.path[0])] ?? 'line', issue.message);
    let values: ProductValues | null = null;
    if (read.success) {
      const product: SprayProductValues = read.data;
      const ids = product.marketWithholding.map((m) => markets.get(sprayNameKey(m.market)));
      if (ids.some((id) => id === undefined)) problem('market_days', M.marketUnknown);
      else {
        const { marketWithholding, ...rest } = product;
        values = { ...rest, marketDays: marketWithholding.map((m, i) => ({ marketId: ids[i]!, days: m.days })) };
      }
    }
    const key = sprayNameKey(cells.name);
    if (key !== '') {
      if (seen.has(key)) problem('name', M.importDuplicate);
      seen.add(key);
    }
    const base = { line, cells };
    if (problems.length > 0 || !values) {
      return { ...base, status: 'refused', id: null, problems: problems.map((p) => lineProblem(p.field, p.message)), values: null, version: null };
    }
    const current = existing.get(key);
    if (!current) return { ...base, status: 'created', id: null, problems: [], values, version: null };
    return { ...base, status: sameProduct(current, values) ? 'unchanged' : 'changed', id: current.id, problems: [], values, version: current.version };
  });
}

const answer = (lines: Planned[], committed: boolean): CsvImportAnswer =>
  csvImportAnswer(
    lines.map(({ values: _values, version: _version, ...line }) => line),
    committed,
  );

export async function importSprayProducts(db: AppDb, actor: SprayActor, bytes: Buffer, query: CsvImportQuery): Promise<CsvImportAnswer> {
  if (query.mode === 'preview') return answer(await plan(db, actor, bytes), false);
  return namedOnce(() =>
    db.transaction(async (tx) => {
      const lines = await plan(tx, actor, bytes);
      refuseRefusedLines(lines, M.importHasErrors);
      for (const line of lines) {
        if (!line.values) continue;
        if (line.status === 'created') line.id = await insertProduct(tx, actor.organizationId, line.values);
        else if (line.status === 'changed' && !(await updateProductIfVersion(tx, actor.organizationId, line.id!, line.version!, line.values))) {
          throw preconditionFailed(M.stale);
        }
      }
      return answer(lines, true);
    }),
  );
}
