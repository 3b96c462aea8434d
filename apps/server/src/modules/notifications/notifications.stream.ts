/**
 * The server-sent-event stream of a user's new notifications. Opened with a stream ticket (see
 * notifications.ticket.ts); each new notification arrives as
 *   event: notification / id: <notification id> / data: <NotificationItem JSON>
 * after an initial `event: ready` (the client reloads its list then, covering anything created
 * while it was disconnected). A comment line every 25 s keeps proxies from closing the connection.
 *
 * The stream lasts as long as the session it was opened in: the user must be enabled and the
 * ticket's session not ended (signed out, password changed or reset, removed, disabled: each ends
 * the session) when it opens, before each notification is written and at each heartbeat; otherwise
 * it ends, writing nothing more. The access plugin's own check (loadRequestContext) decides.
 */
import { PassThrough } from 'node:stream';
import { NOTIFICATION_EVENTS, NOTIFICATION_HEARTBEAT_MS, type NotificationItem } from '@orchard/shared/notifications';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { unauthenticated } from '../../lib/errors';
import type { NotificationHub } from './notifications.hub';
import { loadRequestContext } from '../../plugins/access.repository';
import { verifyStreamTicket, type TicketLedger } from './notifications.ticket';

export const INVALID_TICKET_MESSAGE = 'The stream ticket is invalid, used or expired';

/** how long a client waits before reconnecting after the stream drops */
const RETRY_MS = 5000;

export interface OpenStream {
  body: PassThrough;
  /** ends the stream (client gone or server closing) */
  close(): void;
}

function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The user still enabled and the session still live (the access plugin's rule, without an organisation). */
async function sessionStillLive(db: AppDb, userId: number, sessionId: string): Promise<boolean> {
  const context = await loadRequestContext(db, userId, sessionId, null);
  return context !== null && context.isEnabled && context.isSessionLive;
}

/** Verifies and spends the ticket, then subscribes a new stream to the user's notifications. */
export async function openNotificationStream(
  db: AppDb,
  config: AppConfig,
  hub: NotificationHub,
  tickets: TicketLedger,
  ticket: string,
  { heartbeatMs = NOTIFICATION_HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): Promise<OpenStream> {
  const verified = await verifyStreamTicket(config, ticket);
  // spent in the database, so the ticket opens one stream in the whole cluster
  if (!verified || !(await tickets.spend(verified))) throw unauthenticated(INVALID_TICKET_MESSAGE, 'stream-ticket-invalid');
  const { userId, sessionId } = verified;
  if (!(await sessionStillLive(db, userId, sessionId))) throw unauthenticated(INVALID_TICKET_MESSAGE, 'stream-ticket-invalid');

  const body = new PassThrough();
  let closed = false;
  // writes in order, each after the session was found live; the first refusal ends the stream
  let queue = Promise.resolve();
  const writeIfLive = (text: string) => {
    queue = queue.then(async () => {
      if (closed) return;
      let live = false;
      try {
        live = await sessionStillLive(db, userId, sessionId);
      } catch {
        // the database is unreachable: nothing is sent that could not be checked
      }
      if (closed) return;
      if (live) body.write(text);
      else close();
    });
  };
  const unsubscribe = hub.subscribe(userId, (item: NotificationItem) => writeIfLive(frame(NOTIFICATION_EVENTS.notification, item, item.id)));
  const heartbeat = setInterval(() => writeIfLive(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    body.end();
  }
  body.on('close', close);
  body.write(`retry: ${RETRY_MS}\n`);
  body.write(frame(NOTIFICATION_EVENTS.ready, { userId }));
  return { body, close };
}
