/** GET /api/farm-operations/scouted-dates?farms=..: the days with scouting (bold and underlined in the calendar). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FARM_OPERATIONS_PATHS, farmOperationsScoutedDatesResponseSchema } from '@orchard/shared/farm-operations';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { farmOperationsKeys } from './keys';

/** `farms` from farmOperationsFarmsSearch: '' for every farm, null when none is chosen (no days). */
export const getScoutedDates = (organizationId: number, farms: string) =>
  apiRequest(`${FARM_OPERATIONS_PATHS.scoutedDates}${farms ? `?${farms}` : ''}`, { tenant: organizationId, schema: farmOperationsScoutedDatesResponseSchema });

export const scoutedDatesQueryOptions = (organizationId: number | null, farms: string | null) =>
  queryOptions({
    queryKey: farmOperationsKeys.scoutedDates(organizationId, farms),
    queryFn: () => (farms === null ? Promise.resolve([]) : getScoutedDates(organizationId as number, farms)),
    enabled: organizationId != null,
    placeholderData: keepPreviousData,
  });

export function useScoutedDates(farms: string | null, ready: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  const options = scoutedDatesQueryOptions(organizationId, farms);
  return useQuery({ ...options, enabled: options.enabled !== false && ready });
}
