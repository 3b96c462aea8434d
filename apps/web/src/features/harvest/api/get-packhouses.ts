/** GET /api/harvest/packhouses: packhouses linked to or owned by the organisation. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HARVEST_PATHS, harvestPackhousesResponseSchema } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId } from './keys';

export const getHarvestPackhouses = (org: number) => apiRequest(HARVEST_PATHS.packhouses, { tenant: org, schema: harvestPackhousesResponseSchema });

export const harvestPackhousesQueryOptions = (org: number | null) =>
  queryOptions({ queryKey: harvestKeys.packhouses(org), queryFn: () => getHarvestPackhouses(org as number), enabled: org != null, staleTime: 60_000 });

export function useHarvestPackhouses() {
  return useQuery(harvestPackhousesQueryOptions(useOrganizationId()));
}
