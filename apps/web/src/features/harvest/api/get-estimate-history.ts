/** GET /api/harvest/production-blocks/:id/estimates: who saved which estimate when, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HARVEST_PATHS, estimateHistoryResponseSchema } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId } from './keys';

export const getEstimateHistory = (org: number, productionBlock: number) =>
  apiRequest(HARVEST_PATHS.blockEstimates.replace(':productionBlockId', String(productionBlock)), {
    tenant: org,
    schema: estimateHistoryResponseSchema,
  });

export const estimateHistoryQueryOptions = (org: number | null, productionBlock: number | null) =>
  queryOptions({
    queryKey: harvestKeys.estimateHistory(org, productionBlock ?? 0),
    queryFn: () => getEstimateHistory(org as number, productionBlock as number),
    enabled: org != null && productionBlock != null,
  });

export function useEstimateHistory(productionBlock: number | null) {
  return useQuery(estimateHistoryQueryOptions(useOrganizationId(), productionBlock));
}
