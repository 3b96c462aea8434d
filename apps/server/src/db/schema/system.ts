/** Menu, blobs, page views, product updates and the maintenance switch. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { users } from './identity';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Rows of MENU_CATALOGUE (packages/shared), synchronised at start-up. */
export const menuItems = pgTable('menu_items', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  displayName: text('display_name').notNull(),
  icon: text('icon'),
  url: text('url'),
  permission: text('permission'),
  sort: integer('sort').notNull().default(0),
  isAvailable: boolean('is_available').notNull().default(true),
  /** shown only to super users (system-wide screens); permission is then null */
  superUserOnly: boolean('super_user_only').notNull().default(false),
});

export const blobs = pgTable(
  'blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    container: text('container').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    bytes: bytea('bytes').notNull(),
    /** set for organisation-owned blobs (logos, updates); null for a user's avatar */
    organizationId: integer('organization_id'),
    ownerUserId: integer('owner_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blobs_container_idx').on(t.container)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    organizationId: integer('organization_id'),
    path: text('path').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_user_time_idx').on(t.userId, t.occurredAt)],
);

/** A single row (id 1). While is_down is true the API answers 503 MAINTENANCE. */
export const maintenanceState = pgTable('maintenance_state', {
  id: integer('id').primaryKey(),
  isDown: boolean('is_down').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Product updates, system-wide (not per organisation). At most one is `pending`: a new upload marks
 * the pending one `replaced` and deletes its file. The file is a blob of the `update` container with
 * no organisation and no owner, so the blob route never serves it.
 */
export const productUpdates = pgTable(
  'product_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blobId: uuid('blob_id'),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** pending | replaced */
    state: text('state').notNull().default('pending'),
    uploadedByUserId: integer('uploaded_by_user_id'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_updates_one_pending_idx').on(t.state).where(sql`${t.state} = 'pending'`)],
);

/**
 * Release notes, system-wide (written by the product, not by organisations). `notes` is HTML; it is
 * sanitised on the way out (release-notes.service.ts), so a row written by any means never brings
 * scripts or event handlers to the page.
 */
export const releaseNotes = pgTable(
  'release_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    notes: text('notes').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('release_notes_published_idx').on(t.publishedAt)],
);

/** A user's "Do not show this release note again": one row per user and note. */
export const releaseNoteDismissals = pgTable(
  'release_note_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseNoteId: integer('release_note_id')
      .notNull()
      .references(() => releaseNotes.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.releaseNoteId] })],
);

/**
 * A user's decision on an attention item (modules/attention): confirmed or dismissed, once per
 * user, organisation, type and value. The value names what changed (a week, an estimate id), so a
 * later change is a new item with no decision yet.
 */
export const attentionDecisions = pgTable(
  'attention_decisions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    /** confirm | dismiss */
    action: text('action').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.type, t.value] })],
);
