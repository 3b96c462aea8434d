/** PUT /api/notifications/:id/pin, PUT /api/notifications/:id/read and DELETE /api/notifications/:id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PATHS, notificationSchema } from '@orchard/shared/notifications';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { notificationsKeys } from './keys';

const path = (template: string, id: number) => template.replace(':id', String(id));

export const pinNotification = ({ id, isPinned }: { id: number; isPinned: boolean }) =>
  apiRequest(path(NOTIFICATIONS_PATHS.pin, id), { method: 'PUT', body: { isPinned }, schema: notificationSchema });

export const readNotification = (id: number) =>
  apiRequest(path(NOTIFICATIONS_PATHS.read, id), { method: 'PUT', body: { isRead: true }, schema: notificationSchema });

export const deleteNotification = (id: number) =>
  apiRequest(path(NOTIFICATIONS_PATHS.notification, id), { method: 'DELETE', responseType: 'none' });

function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  return () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all(organizationId, userId) });
}

export function usePinNotification() {
  return useMutation({ mutationFn: pinNotification, onSuccess: useInvalidateNotifications() });
}

export function useReadNotification() {
  return useMutation({ mutationFn: readNotification, onSuccess: useInvalidateNotifications() });
}

export function useDeleteNotification() {
  return useMutation({ mutationFn: deleteNotification, onSuccess: useInvalidateNotifications() });
}
