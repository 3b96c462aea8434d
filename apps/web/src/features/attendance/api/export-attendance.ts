/** GET /api/attendance/export: the server's CSV of the user's records (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { ATTENDANCE_PATHS, attendanceFileName } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';

export const exportAttendance = () =>
  apiRequest<Blob>(ATTENDANCE_PATHS.export, { tenant: true, responseType: 'blob', headers: { Accept: 'text/csv' } });

export function useExportAttendance() {
  return useMutation({
    mutationFn: async () => {
      downloadBlob(await exportAttendance(), attendanceFileName(new Date()));
    },
  });
}
