/** GET /api/attendance/export: the server's CSV of the user's records (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { ATTENDANCE_PATHS, attendanceFileName } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';

export const exportAttendance = () =>
  apiRequest<Blob>(ATTENDANCE_PATHS.export, { tenant: true, responseType: 'blob', headers: { Accept: 'text/csv' } });

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

export function useExportAttendance() {
  return useMutation({
    mutationFn: async () => {
      downloadBlob(await exportAttendance(), attendanceFileName(new Date()));
    },
  });
}
