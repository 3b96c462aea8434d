/** GET /api/login-history/export: the server's CSV (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { LOGIN_HISTORY_PATHS, loginHistoryFileName } from '@orchard/shared/login-history';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { downloadBlob } from '../../../lib/download';

export const exportLoginHistory = (organizationId: number, search: string) =>
  apiRequest<Blob>(`${LOGIN_HISTORY_PATHS.export}${search}`, { tenant: organizationId, responseType: 'blob', headers: { Accept: 'text/csv' } });

export function useExportLoginHistory() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (search: string) => {
      downloadBlob(await exportLoginHistory(organizationId as number, search), loginHistoryFileName(new Date()));
    },
  });
}
