/**
 * GET /api/spray/products/export: the server's CSV of the products (it logs the export) as a
 * download; POST /api/spray/product-imports?mode=preview|commit (multipart, field `file`): the
 * one CSV import (lib/csv-import).
 */
import { useMutation } from '@tanstack/react-query';
import { csvImportAnswerSchema } from '@orchard/shared/core';
import { SPRAY_PATHS, sprayProductsFileName } from '@orchard/shared/spray';
import { apiRequest } from '../../../lib/api-client';
import { postCsvImport, type CsvUpload } from '../../../lib/csv-import';
import { downloadBlob } from '../../../lib/download';
import { useSession } from '../../../lib/session/session-store';

export const importSprayProducts = (organizationId: number, upload: CsvUpload) =>
  postCsvImport(SPRAY_PATHS.productImports, organizationId, upload, { schema: csvImportAnswerSchema });

export function useExportSprayProducts() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async () => {
      const blob = await apiRequest<Blob>(SPRAY_PATHS.productsExport, { tenant: organizationId as number, responseType: 'blob', headers: { Accept: 'text/csv' } });
      downloadBlob(blob, sprayProductsFileName(new Date()));
    },
  });
}
