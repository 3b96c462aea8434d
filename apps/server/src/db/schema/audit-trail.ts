/**
 * The audit trail (docs/domain.md, Audit trail): one row per change an administrator or a user made
 * to the organisation's setup and plans, written in the same transaction as the change
 * (modules/audit-trail). `organization_id` is null for a system-wide change (a user account);
 * those rows are seen by super users only. The actor's name and super-user flag are kept as they
 * were at the time, so a later rename or deletion of the actor does not rewrite the history.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { organizations } from './organization';

/** One changed field: its value before and after (null where it did not exist). */
export interface AuditFieldChange {
  before: unknown;
  after: unknown;
}

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** null: a system-wide change (a user account), seen by super users only */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** who made the change; kept (as null) when that user is deleted, the name stays */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** the actor was a super user when making the change */
    actorIsSuperUser: boolean('actor_is_super_user').notNull(),
    /** the session (refresh-token family) of the request's access token; null outside a request */
    sessionId: uuid('session_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** an AUDIT_AREAS key */
    area: text('area').notNull(),
    /** create | update | delete */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    entityLabel: text('entity_label').notNull(),
    /** field -> { before, after }, only the fields that changed */
    changes: jsonb('changes').$type<Record<string, AuditFieldChange>>().notNull(),
  },
  (t) => [
    // the list: an organisation's entries, newest first
    index('audit_entries_org_time_idx').on(t.organizationId, t.occurredAt.desc(), t.id.desc()),
    index('audit_entries_actor_idx').on(t.actorUserId),
    index('audit_entries_system_time_idx').on(t.occurredAt.desc()).where(sql`${t.organizationId} is null`),
  ],
);
