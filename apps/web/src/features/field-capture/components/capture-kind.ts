/**
 * What one capture list is (scouting sessions, traps, trap inspections, tensiometer readings,
 * water applied, phenology observations): a record kind (components/records-list) with its paths,
 * permissions, the form of one capture and how a capture is shown until the server has it.
 * CaptureSection draws every list from this description, so the capture flow (outbox, refusals,
 * edits with version, deletes) is written once.
 */
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { Permission } from '@orchard/shared/core';
import type { FieldBlock, FieldImportKind } from '@orchard/shared/field-capture';
import type { RecordColumn, RecordKind } from '../../../components/records-list';
import type { FormErrors } from '../../../lib/form-issues';
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

/** Every capture list's first column: "Farm - Block". */
export const BLOCK_COLUMN: RecordColumn<FieldRecordRow> = { header: 'fieldCapture.block', body: (row) => `${row.farmName} - ${row.blockName}` };

export interface CaptureFormProps<Draft> {
  draft: Draft;
  onChange: (draft: Draft) => void;
  errors: FormErrors;
  blocks: FieldBlock[];
  /** true while editing a stored row (fields that never change, e.g. an inspection's trap, are fixed) */
  editingRow: boolean;
}

export interface CaptureKind<Row extends FieldRecordRow, Draft> extends RecordKind<Row> {
  /** GET a page, and POST a new capture (the outbox sends it) */
  listPath: string;
  /** PUT and DELETE one row */
  itemPath: string;
  viewPermission: Permission;
  capturePermission: Permission;
  /** i18n keys; section: the tab */
  texts: RecordKind<Row>['texts'] & { section: string };
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
  /** its CSV import (shared FIELD_IMPORT_KINDS), shown to those who capture it */
  importKind?: FieldImportKind;
  Form: ComponentType<CaptureFormProps<Draft>>;
}
