/**
 * What one capture list is (scouting sessions, traps, trap inspections, tensiometer readings,
 * water applied, phenology observations): its paths, schemas, permissions, texts, the form of one
 * capture and the columns of its rows. CaptureSection draws every list from this description, so
 * the capture flow (outbox, refusals, edits with version, deletes) is written once.
 */
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { FieldBlock, FieldImportKind, FieldPage, Permission } from '@orchard/shared';
import type { Formatters } from '../../../lib/format';

/** The fields every stored capture answers. */
export interface FieldRecordRow {
  id: number;
  clientId: string | null;
  farmId: number;
  farmName: string;
  farmBlockId: number;
  blockName: string;
  capturedByName: string | null;
  version: number;
}

/** Messages by field path ('farmBlockId', 'observations.0.count'). */
export type FormErrors = Record<string, string>;

export interface SafeParser {
  safeParse: (data: unknown) => { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface CaptureFormProps<Draft> {
  draft: Draft;
  onChange: (draft: Draft) => void;
  errors: FormErrors;
  blocks: FieldBlock[];
  /** true while editing a stored row (fields that never change, e.g. an inspection's trap, are fixed) */
  editingRow: boolean;
}

export interface CaptureColumn<Row> {
  /** i18n key of the header */
  header: string;
  body: (row: Row, format: Formatters, t: TFunction) => string;
  className?: string;
}

export interface CaptureKind<Row extends FieldRecordRow, Draft> {
  /** the outbox entries of this list carry it */
  kind: string;
  listPath: string;
  itemPath: string;
  pageSchema: { parse: (data: unknown) => FieldPage<Row> };
  createSchema: SafeParser;
  updateSchema: SafeParser;
  viewPermission: Permission;
  capturePermission: Permission;
  /** i18n keys */
  texts: { section: string; form: string; list: string; tableCaption: string; saved: string };
  emptyDraft: (previous: Draft | null) => Draft;
  fromRow: (row: Row) => Draft;
  /** a refused capture's body back in the form */
  fromBody: (body: Record<string, unknown>) => Draft;
  /** the request body, without clientId and version */
  toBody: (draft: Draft) => Record<string, unknown>;
  /** how a list shows the capture until the server has it */
  summary: (body: Record<string, unknown>, blocks: FieldBlock[], format: Formatters, t: TFunction) => string;
  /** how the row is named in its actions' labels ("Edit {{name}}") */
  rowName: (row: Row, format: Formatters) => string;
  columns: CaptureColumn<Row>[];
  /** its CSV import (shared FIELD_IMPORT_KINDS), shown to those who capture it */
  importKind?: FieldImportKind;
  Form: ComponentType<CaptureFormProps<Draft>>;
}

/** The messages of a schema's issues, by field path (the first per field). */
export function issuesByField(parser: SafeParser, data: unknown): FormErrors {
  const result = parser.safeParse(data);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The server's details, by field path. */
export function detailsByField(details: readonly { field: string; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const d of details) errors[d.field || 'form'] ??= d.message;
  return errors;
}
