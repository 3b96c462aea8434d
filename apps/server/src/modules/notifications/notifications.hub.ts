/**
 * Live delivery inside one server instance, fed by the database so that it works across instances:
 * the hub LISTENs on NOTIFICATION_CHANNEL (PostgreSQL: one dedicated connection outside the pool,
 * re-established after a failure; PGlite: the embedded engine's own listen) and hands each new
 * notification to the streams its user has open here. Nothing is held in memory but the open
 * streams (used stream tickets are kept in the database: notifications.ticket.ts).
 */
import type { NotificationItem } from '@orchard/shared/notifications';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { AppDb, DbKind } from '../../db/client';
import { NOTIFICATION_CHANNEL, parseChannelMessage, type ChannelMessage } from './notifications.events';
import { findNotification } from './notifications.repository';
import { toNotificationItem } from './notifications.service';

export type NotificationListener = (notification: NotificationItem) => void;

export interface NotificationHub {
  /** Calls the listener for each new notification of the user until the returned function is called. */
  subscribe(userId: number, listener: NotificationListener): () => void;
  /** streams open on this instance */
  readonly streamCount: number;
  close(): Promise<void>;
}

export interface HubOptions {
  db: AppDb;
  dbKind: DbKind;
  /** PostgreSQL only: where the LISTEN connection goes (defaults to the pool's own settings) */
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

const RECONNECT_MS = 1000;

export async function createNotificationHub(options: HubOptions): Promise<NotificationHub> {
  const { db, log } = options;
  const listeners = new Map<number, Set<NotificationListener>>();
  let closed = false;

  const deliver = async (userId: number, notificationId: number) => {
    const targets = listeners.get(userId);
    if (!targets || targets.size === 0) return;
    const row = await findNotification(db, userId, notificationId);
    if (!row) return;
    const item = toNotificationItem(row);
    for (const listener of [...targets]) listener(item);
  };

  const onMessage = (payload: string | undefined) => {
    const message: ChannelMessage | null = parseChannelMessage(payload);
    if (!message) return;
    deliver(message.userId, message.notificationId).catch((err: unknown) =>
      log.error({ err }, 'could not deliver a notification to its streams'),
    );
  };

  let stopListening: () => Promise<void>;
  if (options.dbKind === 'pglite') {
    const client = (db as unknown as { $client: PgliteLike }).$client;
    const unlisten = await client.listen(NOTIFICATION_CHANNEL, onMessage);
    stopListening = async () => {
      await unlisten();
    };
  } else {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const clientConfig: pg.ClientConfig = options.databaseUrl ? { connectionString: options.databaseUrl } : pool.options;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    const connect = async (): Promise<void> => {
      const c = new pg.Client(clientConfig);
      c.on('notification', (msg) => {
        if (msg.channel === NOTIFICATION_CHANNEL) onMessage(msg.payload);
      });
      const reconnect = (err?: unknown) => {
        if (client !== c) return;
        client = null;
        c.end().catch(() => undefined);
        if (closed) return;
        log.warn({ err }, 'notification listener connection lost; reconnecting');
        retry = setTimeout(() => {
          retry = null;
          connect().catch(() => undefined);
        }, RECONNECT_MS);
      };
      c.on('error', reconnect);
      c.on('end', () => reconnect());
      client = c;
      try {
        await c.connect();
        await c.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
      } catch (err) {
        reconnect(err);
        throw err;
      }
    };
    try {
      await connect();
    } catch (err) {
      log.error({ err }, 'notification listener could not connect; live notifications wait for it');
    }
    stopListening = async () => {
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    };
  }

  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    get streamCount() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
    async close() {
      closed = true;
      listeners.clear();
      await stopListening();
    },
  };
}
