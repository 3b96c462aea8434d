/** GET /api/farm-operations/farms: the Farm filter options. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FARM_OPERATIONS_PATHS, farmOperationsFarmsResponseSchema } from '@orchard/shared/farm-operations';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { farmOperationsKeys } from './keys';

export const getFarmOperationsFarms = (organizationId: number) => apiRequest(FARM_OPERATIONS_PATHS.farms, { tenant: organizationId, schema: farmOperationsFarmsResponseSchema });

export const farmOperationsFarmsQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: farmOperationsKeys.farms(organizationId), queryFn: () => getFarmOperationsFarms(organizationId as number), enabled: organizationId != null });

export function useFarmOperationsFarms() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(farmOperationsFarmsQueryOptions(organizationId));
}
