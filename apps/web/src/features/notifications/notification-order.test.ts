import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@orchard/shared/notifications';
import { belongsTo, sortNotifications, upsertNotification } from './notification-order';
import { nextRetryDelay } from './use-notification-stream';

const n = (id: number, date: string, isPinned = false, organizationId: number | null = 1): NotificationItem => ({
  id,
  organizationId,
  header: `h${id}`,
  body: '',
  isRead: false,
  isPinned,
  date,
});

describe('notification order', () => {
  it('puts pinned first, then newest first', () => {
    const list = [n(1, '2025-01-01T10:00:00Z'), n(2, '2025-01-03T10:00:00Z'), n(3, '2024-12-01T10:00:00Z', true), n(4, '2025-01-02T10:00:00Z', true)];
    expect(sortNotifications(list).map((x) => x.id)).toEqual([4, 3, 2, 1]);
  });

  it('adds a live notification in its place and replaces one with the same id', () => {
    const list = sortNotifications([n(1, '2025-01-01T10:00:00Z'), n(3, '2024-12-01T10:00:00Z', true)]);
    expect(upsertNotification(list, n(5, '2025-02-01T10:00:00Z')).map((x) => x.id)).toEqual([3, 5, 1]);
    expect(upsertNotification(list, { ...n(1, '2025-01-01T10:00:00Z'), isPinned: true }).map((x) => x.id)).toEqual([1, 3]);
  });

  it('keeps the current organisation and notifications tied to none', () => {
    expect(belongsTo(n(1, '2025-01-01T00:00:00Z', false, 1), 1)).toBe(true);
    expect(belongsTo(n(1, '2025-01-01T00:00:00Z', false, null), 1)).toBe(true);
    expect(belongsTo(n(1, '2025-01-01T00:00:00Z', false, 2), 1)).toBe(false);
  });

  it('backs off reconnects from 1 s to at most 30 s', () => {
    expect(nextRetryDelay(0)).toBe(1000);
    expect(nextRetryDelay(1000)).toBe(2000);
    expect(nextRetryDelay(20_000)).toBe(30_000);
  });
});
