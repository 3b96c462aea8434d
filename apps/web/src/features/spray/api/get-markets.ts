/** GET /api/spray/markets: the organisation's export markets, by name, with how many products name each. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SPRAY_PATHS, exportMarketsResponseSchema } from '@orchard/shared/spray';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { sprayKeys } from './keys';

export const getExportMarkets = (organizationId: number) =>
  apiRequest(SPRAY_PATHS.markets, { tenant: organizationId, schema: exportMarketsResponseSchema }).then((a) => a.result);

export const exportMarketsQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: sprayKeys.markets(organizationId), queryFn: () => getExportMarkets(organizationId as number), enabled: organizationId !== null });

export function useExportMarkets() {
  return useQuery(exportMarketsQueryOptions(useSession((s) => s.organizationId)));
}
