/** What the settings area keeps: password reset links, outgoing mail, notifications (and used stream
 * tickets), export logs. */
import { boolean, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organization';
import { users } from './identity';

/** One-time password reset links; only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Every mail the server sends; without SMTP this table is the outbox (and the log says so). */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    header: text('header').notNull(),
    body: text('body').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Notification stream tickets already used (their jti) until they expire. Inserting the id is what
 * spends a ticket: the primary key lets exactly one of any number of attempts, on any instance,
 * succeed. Rows well past their expiry are purged now and then (an expired ticket is refused anyway).
 */
export const usedStreamTickets = pgTable(
  'used_stream_tickets',
  {
    ticketId: text('ticket_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_stream_tickets_expires_idx').on(t.expiresAt)],
);

/** One row per CSV export: url, componentName, reportName, timeToComplete (s), size (bytes), exportTime. */
export const exportLogs = pgTable(
  'export_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    url: text('url').notNull(),
    componentName: text('component_name').notNull(),
    reportName: text('report_name').notNull(),
    timeToComplete: numeric('time_to_complete', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    size: integer('size').notNull(),
    exportTime: timestamp('export_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_logs_org_time_idx').on(t.organizationId, t.exportTime)],
);
