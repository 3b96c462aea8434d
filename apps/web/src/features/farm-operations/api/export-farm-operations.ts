/** GET /api/farm-operations/export?start=..&end=..&farms=..: the server's CSV (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { FARM_OPERATIONS_PATHS, farmOperationsFileName } from '@orchard/shared/farm-operations';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { downloadBlob } from '../../../lib/download';

export interface FarmOperationsExportRequest {
  start: string;
  end: string;
  /** the farms part of the query ('' for every farm) */
  farms: string;
}

export const exportFarmOperations = (organizationId: number, { start, end, farms }: FarmOperationsExportRequest) =>
  apiRequest<Blob>(`${FARM_OPERATIONS_PATHS.export}?start=${start}&end=${end}${farms ? `&${farms}` : ''}`, {
    tenant: organizationId,
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });

export function useExportFarmOperations() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (request: FarmOperationsExportRequest) => {
      downloadBlob(await exportFarmOperations(organizationId as number, request), farmOperationsFileName(request.start, request.end));
    },
  });
}
