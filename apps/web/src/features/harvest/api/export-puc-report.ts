/** GET /api/harvest/reports/pucs/export?packhouse=&variety=: the server's CSV of the Harvest PUC report (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { HARVEST_PATHS, pucReportFileName } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useOrganizationId, withQuery } from './keys';

export const exportPucReport = (org: number, packhouse: number | null, variety: number | null) =>
  apiRequest<Blob>(withQuery(HARVEST_PATHS.pucReportExport, { packhouse, variety }), {
    tenant: org,
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });

export function useExportPucReport() {
  const org = useOrganizationId();
  return useMutation({
    mutationFn: async (filter: { packhouse: number | null; variety: number | null }) => {
      downloadBlob(await exportPucReport(org as number, filter.packhouse, filter.variety), pucReportFileName(new Date()));
    },
  });
}
