/** GET /api/login-history/export: the server's CSV (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { LOGIN_HISTORY_PATHS, loginHistoryFileName } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';

export const exportLoginHistory = (search: string) =>
  apiRequest<Blob>(`${LOGIN_HISTORY_PATHS.export}${search}`, { tenant: true, responseType: 'blob', headers: { Accept: 'text/csv' } });

export function useExportLoginHistory() {
  return useMutation({
    mutationFn: async (search: string) => {
      downloadBlob(await exportLoginHistory(search), loginHistoryFileName(new Date()));
    },
  });
}
