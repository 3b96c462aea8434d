/**
 * The server-sent-event stream of a user's new notifications. Opened with a stream ticket (see
 * notifications.ticket.ts); each new notification arrives as
 *   event: notification / id: <notification id> / data: <NotificationItem JSON>
 * after an initial `event: ready` (the client reloads its list then, covering anything created
 * while it was disconnected). A comment line every 25 s keeps proxies from closing the connection.
 */
import { PassThrough } from 'node:stream';
import { NOTIFICATION_EVENTS, NOTIFICATION_HEARTBEAT_MS, type NotificationItem } from '@orchard/shared';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { unauthenticated } from '../../lib/errors';
import type { NotificationHub } from './notifications.hub';
import { findEnabledUser } from './notifications.repository';
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

/** Verifies and spends the ticket, then subscribes a new stream to the user's notifications. */
export async function openNotificationStream(
  db: AppDb,
  config: AppConfig,
  hub: NotificationHub,
  tickets: TicketLedger,
  ticket: string,
): Promise<OpenStream> {
  const verified = await verifyStreamTicket(config, ticket);
  // spent in the database, so the ticket opens one stream in the whole cluster
  if (!verified || !(await tickets.spend(verified))) throw unauthenticated(INVALID_TICKET_MESSAGE, 'stream-ticket-invalid');
  if (!(await findEnabledUser(db, verified.userId))) throw unauthenticated(INVALID_TICKET_MESSAGE, 'stream-ticket-invalid');

  const body = new PassThrough();
  const unsubscribe = hub.subscribe(verified.userId, (item: NotificationItem) => {
    body.write(frame(NOTIFICATION_EVENTS.notification, item, item.id));
  });
  const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), NOTIFICATION_HEARTBEAT_MS);
  heartbeat.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    body.end();
  };
  body.on('close', close);
  body.write(`retry: ${RETRY_MS}\n`);
  body.write(frame(NOTIFICATION_EVENTS.ready, { userId: verified.userId }));
  return { body, close };
}
