/** GET /api/harvest/pucs/:pucId/blocks: the Fruitbins Block Report / Estimate appraisal rows of one PUC. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HARVEST_PATHS, blockReportPageSchema } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId } from './keys';

export const blockReportPath = (pucId: number) => HARVEST_PATHS.blockReport.replace(':pucId', String(pucId));

export const getBlockReport = (org: number, pucId: number) => apiRequest(blockReportPath(pucId), { tenant: org, schema: blockReportPageSchema });

export const blockReportQueryOptions = (org: number | null, pucId: number | null) =>
  queryOptions({
    queryKey: harvestKeys.blockReport(org, pucId ?? 0),
    queryFn: () => getBlockReport(org as number, pucId as number),
    enabled: org != null && pucId != null,
    // the row edit updates the cached rows itself (docs/domain.md, Yield estimates); no background refetch under an edit
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useBlockReport(pucId: number | null) {
  return useQuery(blockReportQueryOptions(useOrganizationId(), pucId));
}
