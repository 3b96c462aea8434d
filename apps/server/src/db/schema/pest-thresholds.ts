/**
 * The pest dashboard's thresholds an organisation keeps (shared pest-thresholds/pest-thresholds.ts): its
 * scouting frequency and version (one row, present once the organisation saved its own set), its
 * action threshold per pest and its count threshold per trap type and pest. An organisation
 * without a settings row works with the shared citrus defaults.
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { users } from './identity';

export const pestDashboardSettings = pgTable(
  'pest_dashboard_settings',
  {
    organizationId: organizationId().primaryKey(),
    scoutingFrequencyDays: integer('scouting_frequency_days').notNull(),
    /** optimistic-concurrency version of the whole set, raised by every save */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** who saved last; kept (as null) when that user is deleted */
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('pest_dashboard_settings_frequency_ck', sql`${t.scoutingFrequencyDays} between 1 and 90`)],
);

export const pestActionThresholds = pgTable(
  'pest_action_thresholds',
  {
    organizationId: organizationId(),
    /** a SCOUTING_PESTS key */
    pest: text('pest').notNull(),
    thresholdPercent: doublePrecision('threshold_percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.pest] }),
    check('pest_action_thresholds_percent_ck', sql`${t.thresholdPercent} > 0 and ${t.thresholdPercent} <= 100`),
  ],
);

export const trapCountThresholds = pgTable(
  'trap_count_thresholds',
  {
    organizationId: organizationId(),
    /** a TRAP_TYPES key */
    trapType: text('trap_type').notNull(),
    /** the SCOUTING_PESTS key a lure draws */
    pest: text('pest').notNull(),
    thresholdCount: doublePrecision('threshold_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.trapType, t.pest] }),
    check('trap_count_thresholds_count_ck', sql`${t.thresholdCount} > 0`),
  ],
);
