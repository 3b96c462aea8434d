/**
 * Live notifications over server-sent events: a single-use ticket, then an EventSource. `ready`
 * reloads the list and count (covering anything missed while disconnected); each `notification`
 * is added to the list at once. On error the stream is closed and reopened with a new ticket
 * (the old one is spent), backing off from 1 s to 30 s.
 * While the stream is not up (before its first `ready`, and after an error until it is ready
 * again), the list and count are polled every NOTIFICATION_POLL_MS (10 s; docs/domain.md, Notifications), backing off
 * to NOTIFICATION_POLL_MAX_MS while polls fail: a proxy that blocks streaming still shows
 * notifications.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATION_POLL_MS } from '../../lib/ui-constants';
import { NOTIFICATION_EVENTS, notificationSchema, type NotificationItem } from '@orchard/shared/notifications';
import { useSession } from '../../lib/session/session-store';
import { getStreamTicket, streamUrl } from './api/stream-ticket';
import { notificationsKeys } from './api/keys';
import { belongsTo, upsertNotification } from './notification-order';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

export function nextRetryDelay(previous: number): number {
  return previous <= 0 ? RETRY_MIN_MS : Math.min(previous * 2, RETRY_MAX_MS);
}

export const NOTIFICATION_POLL_MAX_MS = 80_000;

/** The wait before the next poll while the stream is down: the poll interval, doubled after each failed poll. */
export function nextPollDelay(previous: number, failed: boolean): number {
  if (!failed || previous <= 0) return NOTIFICATION_POLL_MS;
  return Math.min(previous * 2, NOTIFICATION_POLL_MAX_MS);
}

/** `ready` false: not opened yet (the bell waits for the screen's own data, lib/page-settled) */
export function useNotificationStream(ready = true) {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  const authenticated = useSession((s) => s.status === 'authenticated');

  useEffect(() => {
    if (!ready || !authenticated || userId == null || organizationId == null) return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let delay = 0;
    let stopped = false;
    let pollTimer: number | undefined;
    let pollDelay = 0;

    const reload = () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all(organizationId, userId) });

    // polling while the stream is down
    const schedulePoll = (failed: boolean) => {
      pollDelay = nextPollDelay(pollDelay, failed);
      pollTimer = window.setTimeout(() => void poll(), pollDelay);
    };
    const poll = async () => {
      pollTimer = undefined;
      if (stopped) return;
      await reload();
      if (stopped || pollDelay === 0) return;
      const failed = queryClient.getQueryState(notificationsKeys.unread(organizationId, userId))?.status === 'error';
      schedulePoll(failed);
    };
    const streamDown = () => {
      if (pollTimer === undefined && pollDelay === 0) schedulePoll(false);
    };
    const streamUp = () => {
      window.clearTimeout(pollTimer);
      pollTimer = undefined;
      pollDelay = 0;
    };

    const reconnect = () => {
      source?.close();
      source = null;
      streamDown();
      if (stopped) return;
      delay = nextRetryDelay(delay);
      timer = window.setTimeout(() => void connect(), delay);
    };

    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await getStreamTicket()).ticket;
      } catch {
        reconnect();
        return;
      }
      if (stopped) return;
      const es = new EventSource(streamUrl(ticket));
      source = es;
      es.addEventListener(NOTIFICATION_EVENTS.ready, () => {
        delay = 0;
        streamUp();
        void reload();
      });
      es.addEventListener(NOTIFICATION_EVENTS.notification, (event) => {
        let item: NotificationItem;
        try {
          item = notificationSchema.parse(JSON.parse((event as MessageEvent<string>).data));
        } catch {
          return;
        }
        if (!belongsTo(item, organizationId)) return;
        queryClient.setQueryData<NotificationItem[]>(notificationsKeys.list(organizationId, userId), (list) =>
          list ? upsertNotification(list, item) : list,
        );
        void queryClient.invalidateQueries({ queryKey: notificationsKeys.unread(organizationId, userId) });
      });
      // the ticket is single-use, so the browser's own retry would be refused: reopen with a new one
      es.onerror = () => {
        if (source === es) reconnect();
      };
    };

    streamDown();
    // without EventSource the polling is all there is
    if (typeof EventSource !== 'undefined') void connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearTimeout(pollTimer);
      source?.close();
    };
  }, [ready, authenticated, organizationId, userId, queryClient]);
}
