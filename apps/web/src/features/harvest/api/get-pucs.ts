/** GET /api/harvest/pucs?farm=: PUC options labelled "farm name - PUC name", sorted by that label. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HARVEST_PATHS, harvestPucsResponseSchema } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId, withQuery } from './keys';

export const getHarvestPucs = (org: number, farm: number | null) =>
  apiRequest(withQuery(HARVEST_PATHS.pucs, { farm }), { tenant: org, schema: harvestPucsResponseSchema });

/** `farm` null lists every PUC of the organisation; `enabled` false waits (e.g. for a farm choice). */
export const harvestPucsQueryOptions = (org: number | null, farm: number | null, enabled = true) =>
  queryOptions({
    queryKey: harvestKeys.pucs(org, farm),
    queryFn: () => getHarvestPucs(org as number, farm),
    enabled: org != null && enabled,
    staleTime: 60_000,
  });

export function useHarvestPucs(farm: number | null, enabled = true) {
  return useQuery(harvestPucsQueryOptions(useOrganizationId(), farm, enabled));
}
