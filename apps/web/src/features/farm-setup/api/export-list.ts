/**
 * GET /api/farm-setup/<list>/export (with the tab's ?farmId= or ?pucId=): the server's CSV of a
 * Farm Setup list (it logs the export) as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { FARM_SETUP_EXPORT_PATHS, farmSetupFileName, type FarmSetupExportKind } from '@orchard/shared/farm-setup';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useSession } from '../../../lib/session/session-store';

/** The tab's filter, as its list is asked for it (null: every row). */
export interface SetupExportFilter {
  name: 'farmId' | 'pucId';
  value: number | null;
}

export const exportSetupList = (organizationId: number, kind: FarmSetupExportKind, filter: SetupExportFilter | null) => {
  const search = filter && filter.value !== null ? `?${new URLSearchParams({ [filter.name]: String(filter.value) })}` : '';
  return apiRequest<Blob>(`${FARM_SETUP_EXPORT_PATHS[kind]}${search}`, { tenant: organizationId, responseType: 'blob', headers: { Accept: 'text/csv' } });
};

export function useExportSetupList(kind: FarmSetupExportKind) {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (filter: SetupExportFilter | null) => {
      downloadBlob(await exportSetupList(organizationId as number, kind, filter), farmSetupFileName(kind, new Date()));
    },
  });
}
