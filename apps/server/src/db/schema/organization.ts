/** Organisations, who belongs to them, and the roles that carry permissions inside them. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** grower | packhouse | ... */
    organizationType: text('organization_type').notNull(),
    organizationLevel: integer('organization_level'),
    defaultCultureName: text('default_culture_name').notNull().default('en-ZA'),
    logoBlobId: uuid('logo_blob_id'),
    defaultLegalEntityId: integer('default_legal_entity_id'),
    contactName: text('contact_name'),
    contactSurname: text('contact_surname'),
    contactPhoneNumber: text('contact_phone_number'),
    contactEmail: text('contact_email'),
    isActive: boolean('is_active').notNull().default(true),
    /** the organisation whose roles it was created with (Create New Organization), if any */
    copiedFromOrganizationId: integer('copied_from_organization_id'),
    /** asked at creation to copy the source's spray products and export markets too (copied then) */
    copySprayProducts: boolean('copy_spray_products').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_name_lower_uq').on(sql`lower(${t.name})`)],
);

/** The organisation a row belongs to: required, the row deleted with it (also from ./columns). */
export const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** Organisation levels (a reference list): id, level_Name. */
export const organizationLevels = pgTable('organization_levels', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  levelName: text('level_name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index('memberships_org_idx').on(t.organizationId)],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    /** menu item id of a leaf, or null */
    defaultLandingPage: text('default_landing_page'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_org_name_lower_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_user_org_idx').on(t.userId, t.organizationId)],
);
