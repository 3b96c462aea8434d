/**
 * POST /api/farm-setup/production-block-imports?mode=preview|commit (multipart, field `file`):
 * preview writes nothing, commit writes every line or none (lib/csv-import).
 */
import { csvImportAnswerSchema } from '@orchard/shared/core';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { postCsvImport, type CsvUpload } from '../../../lib/csv-import';

export const importBlocks = (organizationId: number, upload: CsvUpload) =>
  postCsvImport(FARM_SETUP_PATHS.productionBlockImports, organizationId, upload, { schema: csvImportAnswerSchema });
