/**
 * The CSV import of field captures (shared field-capture/field-import.ts), one engine for every kind: read
 * the file (lib/csv-import), refuse formula and overlong cells, group lines into captures (a line
 * each, or a scouting session's observation lines), build each capture's body from its cells
 * (field-import-kinds.ts), check it with the capture's create schema and then with the create
 * route's own checks (block on the caller's farms, days not ahead, trap active days, the farm's
 * observation points), and answer every line.
 *
 * Re-imports: a capture's client id is derived from its kind and values (sha256 in UUID form), so
 * a line imported before finds its stored capture (existing) exactly as a resent capture does,
 * and the same capture twice in a file refuses the later lines.
 *
 * Commit plans again inside one transaction and writes through the capture functions themselves;
 * a refused line writes nothing (400 naming the lines).
 */
import { createHash } from 'node:crypto';
import {
  csvImportAnswer,
  type CsvImportAnswer,
  type CsvImportLine,
  type CsvImportProblem,
  type CsvImportQuery,
} from '@orchard/shared/core';
import {
  FIELD_IMPORT_KINDS,
  FIELD_IMPORT_MAX_CELL,
  FIELD_IMPORT_MAX_ROWS,
  FIELD_IMPORT_MESSAGES as M,
} from '@orchard/shared/field-capture';
import { startsLikeFormula } from '@orchard/shared/picking';
import type { AppDb } from '../../db/client';
import { lineProblem as problem, readImportRows, refuseRefusedLines } from '../../lib/csv-import';
import { AppError } from '../../lib/errors';
import type { FieldActor } from './capture';
import { importLookups, type ImportKind, type ImportLine } from './field-import-kinds';

/** A client id valid for clientIdSchema (UUID, version 5 layout), the same for the same text. */
export function derivedClientId(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** The lines of the file, each with its cells by column and its cells' own problems. */
export function readImportFile(kind: ImportKind, bytes: Buffer): ImportLine[] {
  const info = FIELD_IMPORT_KINDS[kind.key];
  const rows = readImportRows(bytes, { columns: info.columns, required: info.required, maxRows: FIELD_IMPORT_MAX_ROWS, messages: M });
  return rows.map(({ line, cells }) => {
    const problems: CsvImportProblem[] = [];
    for (const [column, value] of Object.entries(cells)) {
      // a plain negative number (a latitude) is no formula; a spreadsheet reads it as a number
      if (startsLikeFormula(value) && !PLAIN_NUMBER.test(value)) problems.push(problem(column, M.formula));
      else if (value.length > FIELD_IMPORT_MAX_CELL) problems.push(problem(column, M.cellTooLong));
    }
    return { line, cells, problems };
  });
}

interface Planned {
  lines: ImportLine[];
  /** problems by line (index into lines) */
  problems: CsvImportProblem[][];
  body: { clientId: string } | null;
  existingId: number | null;
  id: number | null;
}

function addProblem(unit: Planned, index: number | undefined, column: string, message: string) {
  const targets = index === undefined ? unit.lines.map((_, i) => i) : [index];
  for (const i of targets) {
    const list = unit.problems[i];
    // one problem per column of a line: the first (e.g. an unknown block, not also "choose a block")
    if (list && !list.some((p) => p.field === column)) list.push(problem(column, message));
  }
}

/** Problems of a failed check (an AppError's details, or its message for the whole line). */
function addCheckError(kind: ImportKind, unit: Planned, err: AppError) {
  if (!err.details?.length) return addProblem(unit, undefined, kind.columnOf([]).column, err.message);
  for (const d of err.details) {
    const { column, index } = kind.columnOf(d.field.split('.'));
    addProblem(unit, index, column, d.message);
  }
}

async function plan(db: AppDb, kind: ImportKind, actor: FieldActor, lines: ImportLine[], now: Date): Promise<Planned[]> {
  const lookups = await importLookups(db, actor, kind);
  const groups = new Map<string, ImportLine[]>();
  lines.forEach((l, i) => {
    const key = kind.groupKey ? kind.groupKey(l.cells) : String(i);
    groups.set(key, [...(groups.get(key) ?? []), l]);
  });
  const seen = new Set<string>();
  const units: Planned[] = [];
  for (const group of groups.values()) {
    const unit: Planned = { lines: group, problems: group.map((l) => [...l.problems]), body: null, existingId: null, id: null };
    units.push(unit);
    if (unit.problems.some((p) => p.length > 0)) continue;
    const { input, problems } = kind.toInput(group, lookups);
    for (const p of problems) addProblem(unit, p.index, p.column, p.message);
    const parsed = kind.schema.safeParse({ ...input, clientId: PLACEHOLDER_ID });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { column, index } = kind.columnOf(issue.path);
        addProblem(unit, index, column, issue.message);
      }
    }
    if (!parsed.success || unit.problems.some((p) => p.length > 0)) continue;
    const { clientId: _placeholder, ...values } = parsed.data;
    const clientId = derivedClientId(`${kind.key}:${JSON.stringify(kind.canonical ? kind.canonical(values) : values)}`);
    if (seen.has(clientId)) {
      addProblem(unit, undefined, 'line', M.duplicate);
      continue;
    }
    seen.add(clientId);
    const body = { ...values, clientId };
    unit.existingId = await kind.findByClientId(db, actor.organizationId, clientId);
    if (unit.existingId === null) {
      try {
        await kind.check(db, actor, body, now);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        addCheckError(kind, unit, err);
        continue;
      }
    }
    unit.body = body;
  }
  for (const unit of units) {
    // a session is stored whole: its other lines say why they are not
    if (unit.lines.length > 1 && unit.problems.some((p) => p.length > 0)) {
      unit.problems.forEach((p) => p.length === 0 && p.push(problem('line', M.sessionRefused)));
    }
  }
  return units;
}

function answer(units: Planned[], committed: boolean): CsvImportAnswer {
  const lines = units.flatMap((u) =>
    u.lines.map((l, i): CsvImportLine => {
      const problems = u.problems[i]!;
      const status = problems.length > 0 ? 'refused' : u.existingId !== null ? 'existing' : 'created';
      return { line: l.line, cells: l.cells, status, id: status === 'refused' ? null : (u.existingId ?? u.id), problems };
    }),
  );
  return csvImportAnswer(lines, committed);
}

export async function importFieldCaptures(db: AppDb, kind: ImportKind, actor: FieldActor, bytes: Buffer, query: CsvImportQuery, now: Date): Promise<CsvImportAnswer> {
  const lines = readImportFile(kind, bytes);
  if (query.mode === 'preview') return answer(await plan(db, kind, actor, lines, now), false);
  return db.transaction(async (tx) => {
    const units = await plan(tx, kind, actor, lines, now);
    refuseRefusedLines(answer(units, false).lines, M.hasErrors);
    for (const unit of units) {
      if (unit.body && unit.existingId === null) unit.id = (await kind.capture(tx, actor, unit.body, now)).row.id;
    }
    return answer(units, true);
  });
}
