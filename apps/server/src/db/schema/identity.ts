/** Users, sessions and what the server records about sign-ins. Users are global; everything they
 * can see is decided by memberships (organisation.ts). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The unique index that lets one account only hold a user name, whatever its case. */
export const USER_NAME_UNIQUE_INDEX = 'users_user_name_lower_uq';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    jobTitle: text('job_title'),
    phoneNumber: text('phone_number'),
    avatarBlobId: uuid('avatar_blob_id'),
    passwordHash: text('password_hash').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isSuperUser: boolean('is_super_user').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockoutEnd: timestamp('lockout_end', { withTimezone: true }),
    lastOrganizationId: integer('last_organization_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(USER_NAME_UNIQUE_INDEX).on(sql`lower(${t.userName})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** A user's profile as every answer about a user reads it (the shell's current user, the users tab). */
export const userProfileColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  fullName: users.fullName,
  jobTitle: users.jobTitle,
  phoneNumber: users.phoneNumber,
  avatarBlobId: users.avatarBlobId,
  isEnabled: users.isEnabled,
  isSuperUser: users.isSuperUser,
  lockoutEnd: users.lockoutEnd,
};

/** Rotating refresh tokens. Each sign-in starts a family; each refresh replaces the token with a new
 * one of the same family. Presenting a token that was already replaced gets a sibling within the
 * reuse interval of its first rotation, and after it revokes the whole family (modules/auth). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Every attempt to sign in, successful or not. Feeds Login history. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userNameAttempted: text('user_name_attempted').notNull(),
    organizationId: integer('organization_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    success: boolean('success').notNull(),
    failureReason: text('failure_reason'),
    clientFlag: text('client_flag'),
    ip: text('ip'),
  },
  (t) => [
    index('login_events_user_time_idx').on(t.userId, t.occurredAt),
    // Login history: a member's successful sign-ins into one organisation, newest last
    index('login_events_success_idx').on(t.userId, t.organizationId, t.occurredAt).where(sql`${t.success}`),
  ],
);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  themeId: text('theme_id'),
  /** the saved defaults that "reload defaults" restores */
  defaultThemeId: text('default_theme_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
