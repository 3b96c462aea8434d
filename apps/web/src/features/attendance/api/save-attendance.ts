/** POST /api/attendance/records: saves a start, stop or pause; the clock and the report reload after it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ATTENDANCE_PATHS, attendanceRecordSchema, type SaveAttendanceBody } from '@orchard/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { currentPosition } from '../geolocation';
import { attendanceKeys } from './keys';

export const saveAttendance = (organizationId: number, body: SaveAttendanceBody) =>
  apiRequest(ATTENDANCE_PATHS.records, { method: 'POST', body, tenant: organizationId, schema: attendanceRecordSchema });

export function useSaveAttendance() {
  const organizationId = useSession((s) => s.organizationId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (type: SaveAttendanceBody['type']) => saveAttendance(organizationId as number, { type, ...(await currentPosition()) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all(organizationId) }),
  });
}
