/** GET /api/attendance/last: the clock's state (sec, min, hour, isRecording). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ATTENDANCE_PATHS, lastAttendanceSchema } from '@orchard/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { attendanceKeys } from './keys';

export const getLastAttendance = (organizationId: number) => apiRequest(ATTENDANCE_PATHS.last, { tenant: organizationId, schema: lastAttendanceSchema });

export const lastAttendanceQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: attendanceKeys.last(organizationId), queryFn: () => getLastAttendance(organizationId as number), enabled: organizationId != null, staleTime: 0 });

export function useLastAttendance() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(lastAttendanceQueryOptions(organizationId));
}
