/**
 * The live-delivery channel. Every new notification row is announced with PostgreSQL NOTIFY on
 * NOTIFICATION_CHANNEL, payload {"u": userId, "n": notificationId}, issued by SQL in the same
 * statement as the insert: it works on PGlite and PostgreSQL alike and, inside a transaction, is
 * only delivered on commit. Used stream tickets are announced on the same channel as
 * {"t": ticketId, "e": expiresAtSeconds} so every instance refuses them. Listeners: notifications.hub.ts.
 */
export const NOTIFICATION_CHANNEL = 'app_notifications';

export type ChannelMessage =
  | { kind: 'notification'; userId: number; notificationId: number }
  | { kind: 'ticket-used'; ticketId: string; expiresAt: number };

/** Parses a NOTIFY payload; anything malformed is ignored (null). */
export function parseChannelMessage(payload: string | undefined): ChannelMessage | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as { u?: unknown; n?: unknown; t?: unknown; e?: unknown };
    if (typeof value.u === 'number' && typeof value.n === 'number') {
      return { kind: 'notification', userId: value.u, notificationId: value.n };
    }
    if (typeof value.t === 'string' && typeof value.e === 'number') {
      return { kind: 'ticket-used', ticketId: value.t, expiresAt: value.e };
    }
  } catch {
    // ignored
  }
  return null;
}
