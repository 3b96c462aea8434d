/**
 * Notifications: creating them (also used by other modules through notifyUsers), the operations a
 * user has on their own notifications, and stream tickets. A notification that is not the
 * caller's answers 404, exactly like one that does not exist.
 */
import type { NotificationItem, StreamTicketResponse } from '@orchard/shared/notifications';
import { STREAM_TICKET_TTL_SECONDS } from '@orchard/shared/notifications';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  countUnread,
  deleteNotification as deleteNotificationRow,
  findNotifications,
  insertNotifications,
  updateNotification,
  type NotificationRow,
} from './notifications.repository';
import { signStreamTicket } from './notifications.ticket';

export interface NotifyUsersInput {
  userIds: number[];
  /** null: not tied to an organisation (shown whichever organisation is current) */
  organizationId: number | null;
  header: string;
  body: string;
}

/** Longest header / body kept; longer texts are cut (they are written by the server, not users). */
export const NOTIFICATION_HEADER_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2000;

/**
 * Creates one notification per (distinct) user and announces each on the live channel (PostgreSQL
 * NOTIFY in the same statement, so a caller's transaction delays delivery until it commits).
 * Pass a transaction as db to make it part of a larger change.
 */
export async function notifyUsers(db: AppDb, input: NotifyUsersInput): Promise<void> {
  const userIds = [...new Set(input.userIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (userIds.length === 0) return;
  await insertNotifications(db, {
    userIds,
    organizationId: input.organizationId,
    header: input.header.slice(0, NOTIFICATION_HEADER_MAX),
    body: input.body.slice(0, NOTIFICATION_BODY_MAX),
  });
}

export function toNotificationItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    organizationId: row.organizationId,
    header: row.header,
    body: row.body,
    isRead: row.isRead,
    isPinned: row.isPinned,
    date: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  db: AppDb,
  userId: number,
  query: { organizationId?: number | undefined; limit: number },
): Promise<NotificationItem[]> {
  return (await findNotifications(db, userId, query)).map(toNotificationItem);
}

export async function getUnreadCount(db: AppDb, userId: number, organizationId?: number): Promise<{ count: number }> {
  return { count: await countUnread(db, userId, organizationId) };
}

export async function setNotificationPinned(db: AppDb, userId: number, id: number, isPinned: boolean): Promise<NotificationItem> {
  const row = await updateNotification(db, userId, id, { isPinned });
  if (!row) throw notFound('Notification');
  return toNotificationItem(row);
}

export async function setNotificationRead(db: AppDb, userId: number, id: number, isRead: boolean): Promise<NotificationItem> {
  const row = await updateNotification(db, userId, id, { isRead });
  if (!row) throw notFound('Notification');
  return toNotificationItem(row);
}

export async function deleteNotification(db: AppDb, userId: number, id: number): Promise<void> {
  if (!(await deleteNotificationRow(db, userId, id))) throw notFound('Notification');
}

export async function issueStreamTicket(config: AppConfig, userId: number, sessionId: string): Promise<StreamTicketResponse> {
  return { ticket: await signStreamTicket(config, userId, sessionId), expiresIn: STREAM_TICKET_TTL_SECONDS };
}
