/** GET /api/farm-operations/sessions?date=..&farms=..: the scouting sessions of the applied day and farms. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FARM_OPERATIONS_PATHS, farmOperationsResponseSchema } from '@orchard/shared/farm-operations';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { farmOperationsKeys } from './keys';

/** `search`: 'date=..' plus the farms part; null when nothing is to be asked (no farm chosen, not applied yet). */
export const getFarmOperations = (organizationId: number, search: string) =>
  apiRequest(`${FARM_OPERATIONS_PATHS.sessions}?${search}`, { tenant: organizationId, schema: farmOperationsResponseSchema });

export const farmOperationsQueryOptions = (organizationId: number | null, search: string | null) =>
  queryOptions({
    queryKey: farmOperationsKeys.sessions(organizationId, search),
    queryFn: () => (search === null ? Promise.resolve([]) : getFarmOperations(organizationId as number, search)),
    enabled: organizationId != null,
    placeholderData: keepPreviousData,
  });

export function useFarmOperations(search: string | null) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(farmOperationsQueryOptions(organizationId, search));
}
