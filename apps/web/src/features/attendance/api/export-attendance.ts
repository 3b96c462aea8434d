/** GET /api/attendance/export: the server's CSV of the user's records (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { ATTENDANCE_PATHS, attendanceFileName } from '@orchard/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { downloadBlob } from '../../../lib/download';

export const exportAttendance = (organizationId: number) =>
  apiRequest<Blob>(ATTENDANCE_PATHS.export, { tenant: organizationId, responseType: 'blob', headers: { Accept: 'text/csv' } });

export function useExportAttendance() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async () => {
      downloadBlob(await exportAttendance(organizationId as number), attendanceFileName(new Date()));
    },
  });
}
