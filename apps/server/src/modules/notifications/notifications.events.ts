/**
 * The live-delivery channel. Every new notification row is announced with PostgreSQL NOTIFY on
 * NOTIFICATION_CHANNEL, payload {"u": userId, "n": notificationId}, issued by SQL in the same
 * statement as the insert: it works on PGlite and PostgreSQL alike and, inside a transaction, is
 * only delivered on commit. Listeners: notifications.hub.ts.
 */
export const NOTIFICATION_CHANNEL = 'app_notifications';

export type ChannelMessage = { kind: 'notification'; userId: number; notificationId: number };

/** Parses a NOTIFY payload; anything malformed is ignored (null). */
export function parseChannelMessage(payload: string | undefined): ChannelMessage | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as { u?: unknown; n?: unknown };
    if (typeof value.u === 'number' && typeof value.n === 'number') {
      return { kind: 'notification', userId: value.u, notificationId: value.n };
    }
  } catch {
    // ignored
  }
  return null;
}
