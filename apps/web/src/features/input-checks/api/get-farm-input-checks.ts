/**
 * GET /api/Management/GetFarmInputChecks?organizationId=: one row per farm of the chosen organisation.
 * No placeholder from the previous choice: another organisation's farms never stand in for these.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INPUT_CHECKS_PATHS, farmInputChecksResponseSchema } from '@orchard/shared/input-checks';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { inputChecksKeys } from './keys';

export const getFarmInputChecks = (organizationId: number, chosen: number) =>
  apiRequest(`${INPUT_CHECKS_PATHS.farmInputChecks}?${new URLSearchParams({ organizationId: String(chosen) })}`, {
    tenant: organizationId,
    schema: farmInputChecksResponseSchema,
  });

export const farmInputChecksQueryOptions = (organizationId: number | null, chosen: number | null) =>
  queryOptions({
    queryKey: inputChecksKeys.rows(organizationId, chosen),
    queryFn: () => getFarmInputChecks(organizationId as number, chosen as number),
    enabled: organizationId != null && chosen != null,
  });

export function useFarmInputChecks(chosen: number | null) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(farmInputChecksQueryOptions(organizationId, chosen));
}
