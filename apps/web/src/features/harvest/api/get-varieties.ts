/** GET /api/harvest/varieties?packhouse=: varieties with bins at a packhouse (null: at any). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HARVEST_PATHS, harvestVarietiesResponseSchema } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId, withQuery } from './keys';

export const getHarvestVarieties = (org: number, packhouse: number | null) =>
  apiRequest(withQuery(HARVEST_PATHS.varieties, { packhouse }), { tenant: org, schema: harvestVarietiesResponseSchema });

export const harvestVarietiesQueryOptions = (org: number | null, packhouse: number | null) =>
  queryOptions({
    queryKey: harvestKeys.varieties(org, packhouse),
    queryFn: () => getHarvestVarieties(org as number, packhouse),
    enabled: org != null,
  });

export function useHarvestVarieties(packhouse: number | null) {
  return useQuery(harvestVarietiesQueryOptions(useOrganizationId(), packhouse));
}
