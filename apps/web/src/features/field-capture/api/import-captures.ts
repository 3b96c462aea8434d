/**
 * POST `<a capture list's path>/import?mode=preview|commit` (multipart, field `file`): preview
 * writes nothing, commit writes every line or none (lib/csv-import).
 */
import { csvImportAnswerSchema } from '@orchard/shared/core';
import { FIELD_IMPORT_KINDS, type FieldImportKind } from '@orchard/shared/field-capture';
import { postCsvImport, type CsvUpload } from '../../../lib/csv-import';

export const importCaptures = (organizationId: number, kind: FieldImportKind, upload: CsvUpload) =>
  postCsvImport(FIELD_IMPORT_KINDS[kind].path, organizationId, upload, { schema: csvImportAnswerSchema });
