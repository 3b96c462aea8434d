/** docs/domain.md, Notifications: pinned first, then newest first (ties by id, newest first). */
import type { NotificationItem } from '@orchard/shared/notifications';

export function compareNotifications(a: NotificationItem, b: NotificationItem): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  const byDate = Date.parse(b.date) - Date.parse(a.date);
  if (byDate) return byDate;
  return b.id - a.id;
}

export function sortNotifications(list: readonly NotificationItem[]): NotificationItem[] {
  return [...list].sort(compareNotifications);
}

/** Adds a notification that arrived live (or replaces the one with its id), keeping the order. */
export function upsertNotification(list: readonly NotificationItem[] | undefined, item: NotificationItem): NotificationItem[] {
  return sortNotifications([item, ...(list ?? []).filter((n) => n.id !== item.id)]);
}

/** Whether a notification belongs in the current organisation's list (its own, or tied to none). */
export function belongsTo(item: NotificationItem, organizationId: number | null): boolean {
  return item.organizationId == null || item.organizationId === organizationId;
}
