/** GET /api/picking/capacities?pagerDate=&packhouses=: capacity rows of the packhouses the organisation runs. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PICKING_PATHS, capacityPageSchema } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

export interface CapacityParams {
  pagerDate: string | null;
  packhouses: number[];
}

/** Under the picking prefix: a saved picking row changes the totals shown here. */
export const capacityKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'picking', 'capacities'] as const,
  page: (organizationId: number | null, params: CapacityParams) => ['org', organizationId, 'picking', 'capacities', params] as const,
};

export function capacityPath(params: CapacityParams): string {
  const search = new URLSearchParams();
  if (params.pagerDate) search.set('pagerDate', params.pagerDate);
  if (params.packhouses.length) search.set('packhouses', params.packhouses.join(','));
  const text = search.toString();
  return `${PICKING_PATHS.capacities}${text ? `?${text}` : ''}`;
}

export const getCapacities = (organizationId: number, params: CapacityParams) => apiRequest(capacityPath(params), { tenant: organizationId, schema: capacityPageSchema });

export const capacitiesQueryOptions = (organizationId: number | null, params: CapacityParams) =>
  queryOptions({
    queryKey: capacityKeys.page(organizationId, params),
    queryFn: () => getCapacities(organizationId as number, params),
    enabled: organizationId != null,
    placeholderData: keepPreviousData,
  });

export function useCapacities(params: CapacityParams) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(capacitiesQueryOptions(organizationId, params));
}
