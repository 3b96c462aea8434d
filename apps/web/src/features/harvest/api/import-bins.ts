/**
 * POST /api/harvest/bin-imports?mode=preview|commit (multipart, field `file`): preview writes
 * nothing, commit writes every row or none (lib/csv-import). The import is followed as it runs:
 * the bytes sent, then (JSON lines, bin-import-lines.ts) the rows checked and written.
 */
import { HARVEST_PATHS, binImportProgressLineSchema, binImportResponseSchema } from '@orchard/shared/harvest';
import { postCsvImport, type CsvUpload } from '../../../lib/csv-import';

export const importBins = (organizationId: number, upload: CsvUpload) =>
  postCsvImport(HARVEST_PATHS.binImports, organizationId, upload, {
    schema: binImportResponseSchema,
    onProgressLine: (line) => {
      const parsed = binImportProgressLineSchema.safeParse(line);
      if (parsed.success) upload.onStep(parsed.data.progress);
    },
  });
