/**
 * POST `<a capture list's path>/import?mode=preview|commit` (multipart, field `file`): preview
 * writes nothing, commit writes every line or none. The bytes sent are reported as they go, and
 * the upload stops when its signal aborts.
 */
import { FIELD_IMPORT_KINDS, fieldImportResponseSchema, type FieldImportKind } from '@orchard/shared';
import type { CsvUpload } from '../../../components/csv-import-panel';
import { apiRequest } from '../../../lib/api-client';

export function importCaptures(organizationId: number, kind: FieldImportKind, { file, mode, onProgress, signal }: CsvUpload) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(`${FIELD_IMPORT_KINDS[kind].path}?mode=${mode}`, {
    method: 'POST',
    tenant: organizationId,
    body: form,
    schema: fieldImportResponseSchema,
    signal,
    onUploadProgress: onProgress,
  });
}
