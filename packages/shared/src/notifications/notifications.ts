/** The signed-in user's notifications and their live stream (docs/domain.md, Notifications). */
import { z } from 'zod';
import { idSchema, wholeNumberQuerySchema } from '../core/common.js';

export const NOTIFICATIONS_PATHS = {
  notifications: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  notification: '/api/notifications/:id',
  pin: '/api/notifications/:id/pin',
  read: '/api/notifications/:id/read',
  streamTicket: '/api/notifications/stream-ticket',
  stream: '/api/notifications/stream',
} as const;

/** server-sent event names on the stream */
export const NOTIFICATION_EVENTS = { notification: 'notification', ready: 'ready' } as const;
export const NOTIFICATION_HEARTBEAT_MS = 25_000;
export const STREAM_TICKET_TTL_SECONDS = 60;
export const NOTIFICATIONS_PAGE_SIZE_MAX = 200;

export const notificationSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int().nullable(),
  header: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  isPinned: z.boolean(),
  /** ISO 8601 */
  date: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  /** only this organisation's notifications plus those tied to none */
  organizationId: idSchema.optional(),
  limit: wholeNumberQuerySchema(z.number().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX)).default(50),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsResponseSchema = z.array(notificationSchema);

export const unreadCountResponseSchema = z.object({ count: z.number().int() });

export const notificationIdParamsSchema = z.object({ id: idSchema });

export const pinNotificationBodySchema = z.object({ isPinned: z.boolean() });
export const readNotificationBodySchema = z.object({ isRead: z.boolean().default(true) }).nullish();

export const streamTicketResponseSchema = z.object({
  ticket: z.string(),
  /** seconds the ticket stays valid for opening a stream */
  expiresIn: z.number().int(),
});
export type StreamTicketResponse = z.infer<typeof streamTicketResponseSchema>;

export const streamQuerySchema = z.object({ ticket: z.string().min(1).max(2000) });
