/** Queries behind notifications. */
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { notifications, users } from '../../db/schema/index';
import { NOTIFICATION_CHANNEL } from './notifications.events';

export interface NewNotifications {
  userIds: number[];
  organizationId: number | null;
  header: string;
  body: string;
}

/**
 * Inserts one row per user and NOTIFYs each new row in one statement (a data-modifying CTE), so the
 * rows and their announcements cannot drift apart.
 */
export async function insertNotifications(db: AppDb, input: NewNotifications): Promise<void> {
  const ids = sql.join(
    input.userIds.map((id) => sql`(${id}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    with inserted as (
      insert into ${notifications} (user_id, organization_id, header, body)
      select u.id, ${input.organizationId}::integer, ${input.header}::text, ${input.body}::text
      from (values ${ids}) as u(id)
      returning id, user_id
    )
    select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object('u', user_id, 'n', id)::text) from inserted
  `);
}

export interface NotificationRow {
  id: number;
  organizationId: number | null;
  header: string;
  body: string;
  isRead: boolean;
  isPinned: boolean;
  createdAt: Date;
}

const columns = {
  id: notifications.id,
  organizationId: notifications.organizationId,
  header: notifications.header,
  body: notifications.body,
  isRead: notifications.isRead,
  isPinned: notifications.isPinned,
  createdAt: notifications.createdAt,
};

/** A user's notifications, optionally those of one organisation plus the ones tied to none. */
function ownedBy(userId: number, organizationId?: number): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    organizationId === undefined
      ? undefined
      : or(eq(notifications.organizationId, organizationId), isNull(notifications.organizationId)),
  );
}

/** Pinned first, then newest first (id breaks ties between rows of the same instant). */
export async function findNotifications(
  db: AppDb,
  userId: number,
  options: { organizationId?: number | undefined; limit: number },
): Promise<NotificationRow[]> {
  return db
    .select(columns)
    .from(notifications)
    .where(ownedBy(userId, options.organizationId))
    .orderBy(desc(notifications.isPinned), desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

export async function countUnread(db: AppDb, userId: number, organizationId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(notifications)
    .where(and(ownedBy(userId, organizationId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

export async function findNotification(db: AppDb, userId: number, id: number): Promise<NotificationRow | null> {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .limit(1);
  return row ?? null;
}

/** Updates one of the user's own notifications; null when it is not theirs (or does not exist). */
export async function updateNotification(
  db: AppDb,
  userId: number,
  id: number,
  values: { isPinned?: boolean; isRead?: boolean },
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set(values)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning(columns);
  return row ?? null;
}

export async function deleteNotification(db: AppDb, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Tells every instance (including this one) that a stream ticket has been used. */
export async function announceTicketUsed(db: AppDb, ticketId: string, expiresAt: number): Promise<void> {
  await db.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object('t', ${ticketId}::text, 'e', ${expiresAt}::bigint)::text)`,
  );
}

export async function findEnabledUser(db: AppDb, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isEnabled, true)))
    .limit(1);
  return rows.length > 0;
}
