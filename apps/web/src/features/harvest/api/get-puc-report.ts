/** GET /api/harvest/reports/pucs?packhouse=&variety=: the Harvest PUC report (null: All). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HARVEST_PATHS, pucReportPageSchema } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId, withQuery } from './keys';

export const getPucReport = (org: number, packhouse: number | null, variety: number | null) =>
  apiRequest(withQuery(HARVEST_PATHS.pucReport, { packhouse, variety }), { tenant: org, schema: pucReportPageSchema });

export const pucReportQueryOptions = (org: number | null, packhouse: number | null, variety: number | null) =>
  queryOptions({
    queryKey: harvestKeys.pucReport(org, packhouse, variety),
    queryFn: () => getPucReport(org as number, packhouse, variety),
    enabled: org != null,
  });

export function usePucReport(packhouse: number | null, variety: number | null) {
  return useQuery(pucReportQueryOptions(useOrganizationId(), packhouse, variety));
}
