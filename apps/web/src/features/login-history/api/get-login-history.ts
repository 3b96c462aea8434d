/** GET /api/Management/GetLoginHistory?areas=..&roles=..: the rows for the chosen areas and roles. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LOGIN_HISTORY_PATHS, loginHistoryResponseSchema } from '@orchard/shared/login-history';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { loginHistoryKeys } from './keys';

/** `search` from loginHistorySearch: '' for no restriction, null when nothing is selected (no request). */
export const getLoginHistory = (organizationId: number, search: string) =>
  apiRequest(`${LOGIN_HISTORY_PATHS.history}${search}`, { tenant: organizationId, schema: loginHistoryResponseSchema });

export const loginHistoryQueryOptions = (organizationId: number | null, search: string | null) =>
  queryOptions({
    queryKey: loginHistoryKeys.rows(organizationId, search),
    queryFn: () => (search === null ? Promise.resolve([]) : getLoginHistory(organizationId as number, search)),
    enabled: organizationId != null,
    placeholderData: keepPreviousData,
  });

export function useLoginHistory(search: string | null, ready: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  const options = loginHistoryQueryOptions(organizationId, search);
  return useQuery({ ...options, enabled: options.enabled !== false && ready });
}
