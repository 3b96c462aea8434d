/** GET /api/harvest/farms: the organisation's farms (the Estimate appraisal builds its PUC list per farm). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HARVEST_PATHS, harvestFarmsResponseSchema } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId } from './keys';

export const getHarvestFarms = (org: number) => apiRequest(HARVEST_PATHS.farms, { tenant: org, schema: harvestFarmsResponseSchema });

export const harvestFarmsQueryOptions = (org: number | null) =>
  queryOptions({ queryKey: harvestKeys.farms(org), queryFn: () => getHarvestFarms(org as number), enabled: org != null, staleTime: 60_000 });

export function useHarvestFarms() {
  return useQuery(harvestFarmsQueryOptions(useOrganizationId()));
}
