/** GET /api/picking/puc-schedule: PUC x variety rows with 14 daily bin cells, one page. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PICKING_PATHS, pucSchedulePageSchema } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pickingKeys, toQueryString } from './keys';

export interface PucScheduleParams {
  farms: number[];
  varieties: number[];
  page: number;
  pageSize: number;
}

export const getPucSchedule = (organizationId: number, params: PucScheduleParams) =>
  apiRequest(`${PICKING_PATHS.pucSchedule}${toQueryString({ ...params })}`, { tenant: organizationId, schema: pucSchedulePageSchema });

export const pucScheduleQueryOptions = (organizationId: number | null, params: PucScheduleParams) =>
  queryOptions({
    queryKey: pickingKeys.pucSchedule(organizationId, params),
    queryFn: () => getPucSchedule(organizationId as number, params),
    enabled: organizationId != null,
    placeholderData: keepPreviousData,
  });

export function usePucSchedule(params: PucScheduleParams) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(pucScheduleQueryOptions(organizationId, params));
}
