/** GET /api/action/GetAttentionList: the items that need the user's decision in the current organisation. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ATTENTION_PATHS, attentionListResponseSchema } from '@orchard/shared/attention';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { attentionKeys } from './keys';

/** The list is worked out from schedules and estimates, which change without a notification: re-read it now and then. */
export const ATTENTION_REFRESH_MS = 5 * 60_000;

export const getAttentionList = (organizationId: number) =>
  apiRequest(ATTENTION_PATHS.list, { tenant: organizationId, schema: attentionListResponseSchema });

export const attentionListQueryOptions = (organizationId: number | null, userId: number | null) =>
  queryOptions({
    queryKey: attentionKeys.list(organizationId, userId),
    queryFn: () => getAttentionList(organizationId as number),
    enabled: organizationId != null && userId != null,
    refetchInterval: ATTENTION_REFRESH_MS,
  });

/** `ready` false holds the request back (the bell waits for the screen's own data) */
export function useAttentionList(ready = true) {
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  const options = attentionListQueryOptions(organizationId, userId);
  return useQuery({ ...options, enabled: ready && options.enabled });
}
