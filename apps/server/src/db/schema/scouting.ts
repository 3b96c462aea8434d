/**
 * Scouting sessions: a scout's time on one farm block (start to end) and the observations made at
 * its observation points. A session captured in the field carries the id its device generated
 * (unique per organisation; sessions recorded before capture existed have none) and a version
 * raised by every edit. `pest`, `pest_count` and `severity` hold the one observation a session
 * recorded before observation points existed.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { farmBlocks } from './harvest';
import { users } from './identity';

export const scoutingSessions = pgTable(
  'scouting_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
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
    clientId: uuid('client_id'),
    /** optimistic-concurrency version, raised by every edit */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('scouting_sessions_org_start_idx').on(t.organizationId, t.startedAt),
    index('scouting_sessions_block_idx').on(t.farmBlockId),
    // the input checks read each block's newest session
    index('scouting_sessions_block_start_idx').on(t.farmBlockId, t.startedAt),
    uniqueIndex('scouting_sessions_org_client_uq').on(t.organizationId, t.clientId),
    check('scouting_sessions_end_after_start_ck', sql`${t.endedAt} >= ${t.startedAt}`),
    check('scouting_sessions_severity_ck', sql`${t.severity} is null or ${t.severity} between 1 and 5`),
    check('scouting_sessions_count_ck', sql`${t.pestCount} is null or ${t.pestCount} >= 0`),
  ],
);

/** What a scout saw at one observation point of a session: a pest or disease, counted or present. */
export const scoutingObservations = pgTable(
  'scouting_observations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => scoutingSessions.id, { onDelete: 'cascade' }),
    pointNumber: smallint('point_number').notNull(),
    /** a SCOUTING_PESTS key */
    pest: text('pest').notNull(),
    count: integer('count'),
    present: boolean('present'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('scouting_observations_point_pest_uq').on(t.sessionId, t.pointNumber, t.pest),
    check('scouting_observations_point_ck', sql`${t.pointNumber} >= 1`),
    check('scouting_observations_count_ck', sql`${t.count} is null or ${t.count} >= 0`),
    check('scouting_observations_measure_ck', sql`(${t.count} is null) <> (${t.present} is null)`),
  ],
);
