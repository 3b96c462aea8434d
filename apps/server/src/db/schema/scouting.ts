/** Scouting sessions: a scout's time on one farm block (start to end), with an optional observation. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { farmBlocks } from './harvest';
import { users } from './identity';
import { organizations } from './organization';

export const scoutingSessions = pgTable(
  'scouting_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    farmBlockId: integer('farm_block_id')
      .notNull()
      .references(() => farmBlocks.id, { onDelete: 'cascade' }),
    scoutUserId: integer('scout_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** the observation, when one was recorded: pest, how many were counted, severity 1 (low) to 5 */
    pest: text('pest'),
    pestCount: integer('pest_count'),
    severity: smallint('severity'),
  },
  (t) => [
    index('scouting_sessions_org_start_idx').on(t.organizationId, t.startedAt),
    index('scouting_sessions_block_idx').on(t.farmBlockId),
    check('scouting_sessions_end_after_start_ck', sql`${t.endedAt} >= ${t.startedAt}`),
    check('scouting_sessions_severity_ck', sql`${t.severity} is null or ${t.severity} between 1 and 5`),
    check('scouting_sessions_count_ck', sql`${t.pestCount} is null or ${t.pestCount} >= 0`),
  ],
);
