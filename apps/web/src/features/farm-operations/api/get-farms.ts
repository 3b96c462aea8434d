/** GET /api/farm-operations/farms: the Farm filter options. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FARM_OPERATIONS_PATHS, farmOperationsFarmsResponseSchema } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { farmOperationsKeys } from './keys';

export const getFarmOperationsFarms = () => apiRequest(FARM_OPERATIONS_PATHS.farms, { tenant: true, schema: farmOperationsFarmsResponseSchema });

export const farmOperationsFarmsQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: farmOperationsKeys.farms(organizationId), queryFn: getFarmOperationsFarms, enabled: organizationId != null });

export function useFarmOperationsFarms() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(farmOperationsFarmsQueryOptions(organizationId));
}
