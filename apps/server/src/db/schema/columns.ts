/**
 * The columns many tables share, written once so each table says only what is its own:
 * - `organizationId()`: the organisation a row belongs to, required and deleted with it (defined
 *   beside the organisations table, whose own tables use it too: importing it from here there
 *   would make the two files import each other);
 * - `captureColumns()`: what every row captured on a device has (field and packhouse captures).
 */
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { organizationId } from './organization';

export { organizationId };

/**
 * A captured row's id, organisation, the id the capturing device generated (tables keep it unique
 * per organisation, so a resend finds the stored row), who captured it, when, and its version.
 */
export const captureColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  organizationId: organizationId(),
  clientId: uuid('client_id').notNull(),
  /** who captured it; kept (as null) when that user is deleted */
  capturedByUserId: integer('captured_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** optimistic-concurrency version, raised by every edit */
  version: integer('version').notNull().default(1),
});
