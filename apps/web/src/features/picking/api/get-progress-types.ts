/** GET /api/picking/progress-types: the Picking Progress dropdown's options. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PICKING_PATHS, pickingProgressTypesResponseSchema } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pickingKeys } from './keys';

export const getProgressTypes = (organizationId: number) => apiRequest(PICKING_PATHS.progressTypes, { tenant: organizationId, schema: pickingProgressTypesResponseSchema });

export const progressTypesQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: pickingKeys.progressTypes(organizationId),
    queryFn: () => getProgressTypes(organizationId as number),
    enabled: organizationId != null,
    staleTime: 5 * 60_000,
  });

export function useProgressTypes() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(progressTypesQueryOptions(organizationId));
}
