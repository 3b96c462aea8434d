/** GET /api/attendance/logs: the signed-in user's hours per recent month. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ATTENDANCE_PATHS, attendanceLogsResponseSchema } from '@orchard/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { attendanceKeys } from './keys';

export const getAttendanceLogs = (organizationId: number) => apiRequest(ATTENDANCE_PATHS.logs, { tenant: organizationId, schema: attendanceLogsResponseSchema });

export const attendanceLogsQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: attendanceKeys.logs(organizationId), queryFn: () => getAttendanceLogs(organizationId as number), enabled: organizationId != null });

export function useAttendanceLogs() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(attendanceLogsQueryOptions(organizationId));
}
