/** GET /api/notifications?organizationId=: the caller's notifications, pinned first then newest. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PATHS, notificationsResponseSchema } from '@orchard/shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { sortNotifications } from '../notification-order';
import { notificationsKeys } from './keys';

export const NOTIFICATIONS_LIMIT = 50;

export const getNotifications = async (organizationId: number) =>
  sortNotifications(
    await apiRequest(`${NOTIFICATIONS_PATHS.notifications}?organizationId=${organizationId}&limit=${NOTIFICATIONS_LIMIT}`, {
      schema: notificationsResponseSchema,
    }),
  );

export const notificationsQueryOptions = (organizationId: number | null, userId: number | null) =>
  queryOptions({
    queryKey: notificationsKeys.list(organizationId, userId),
    queryFn: () => getNotifications(organizationId as number),
    enabled: organizationId != null && userId != null,
  });

export function useNotifications(enabled: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  const options = notificationsQueryOptions(organizationId, userId);
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}
