/** Queries behind notifications. */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { notifications } from '../../db/schema/index';
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
