/**
 * The live-delivery channel for notifications. Every new notification row is announced with
 * PostgreSQL NOTIFY on NOTIFICATION_CHANNEL (payload: {"u": userId, "n": notificationId}). NOTIFY is
 * issued by SQL in the same statement as the insert, so it works on PGlite and PostgreSQL alike and,
 * inside a transaction, is only delivered on commit. Listeners live in notifications.hub.ts.
 */
export const NOTIFICATION_CHANNEL = 'app_notifications';

export interface NotificationSignal {
  userId: number;
  notificationId: number;
}

/** Parses a NOTIFY payload; anything malformed is ignored (null). */
export function parseSignal(payload: string | undefined): NotificationSignal | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as { u?: unknown; n?: unknown };
    if (typeof value.u === 'number' && typeof value.n === 'number') {
      return { userId: value.u, notificationId: value.n };
    }
  } catch {
    // ignored
  }
  return null;
}
