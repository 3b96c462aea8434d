/** GET /api/notifications/unread-count?organizationId= */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PATHS, unreadCountResponseSchema } from '@orchard/shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { notificationsKeys } from './keys';

export const getUnreadCount = (organizationId: number) =>
  apiRequest(`${NOTIFICATIONS_PATHS.unreadCount}?organizationId=${organizationId}`, { schema: unreadCountResponseSchema });

export const unreadCountQueryOptions = (organizationId: number | null, userId: number | null) =>
  queryOptions({
    queryKey: notificationsKeys.unread(organizationId, userId),
    queryFn: () => getUnreadCount(organizationId as number),
    enabled: organizationId != null && userId != null,
  });

/** `ready` false holds the request back (the bell waits for the screen's own data) */
export function useUnreadCount(ready = true) {
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  const options = unreadCountQueryOptions(organizationId, userId);
  return useQuery({ ...options, enabled: ready && options.enabled });
}
