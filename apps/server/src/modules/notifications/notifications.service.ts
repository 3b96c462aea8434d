/**
 * Notifications: creating them (also used by other modules through notifyUsers) and the
 * operations a user has on their own notifications.
 */
import type { AppDb } from '../../db/client';
import { insertNotifications } from './notifications.repository';

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
