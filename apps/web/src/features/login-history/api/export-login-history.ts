/** GET /api/login-history/export: the server's CSV (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { LOGIN_HISTORY_PATHS, loginHistoryFileName } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';

export const exportLoginHistory = (search: string) =>
  apiRequest<Blob>(`${LOGIN_HISTORY_PATHS.export}${search}`, { tenant: true, responseType: 'blob', headers: { Accept: 'text/csv' } });

/** Saves a blob under `fileName` through a temporary link. */
function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportLoginHistory() {
  return useMutation({
    mutationFn: async (search: string) => {
      downloadBlob(await exportLoginHistory(search), loginHistoryFileName(new Date()));
    },
  });
}
