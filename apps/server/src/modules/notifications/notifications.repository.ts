/** Queries behind notifications. */
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { notifications, usedStreamTickets } from '../../db/schema/index';
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

/**
 * Spends a stream ticket: true for the one call that records its id, false for every other (here
 * or on any other instance), decided by the primary key in one statement.
 */
export async function insertUsedTicket(db: AppDb, ticketId: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(usedStreamTickets)
    .values({ ticketId, expiresAt })
    .onConflictDoNothing()
    .returning({ ticketId: usedStreamTickets.ticketId });
  return rows.length > 0;
}

/** Forgets used tickets that expired before `before` (they can never be accepted again). */
export async function deleteExpiredUsedTickets(db: AppDb, before: Date): Promise<number> {
  const rows = await db
    .delete(usedStreamTickets)
    .where(lt(usedStreamTickets.expiresAt, before))
    .returning({ ticketId: usedStreamTickets.ticketId });
  return rows.length;
}
