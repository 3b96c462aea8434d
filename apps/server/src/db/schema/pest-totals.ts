/**
 * What the pest dashboard reads per request, kept per block and South African day by triggers on
 * the readings (migration 0026: statement-level, in the same transaction as every write: insert,
 * update, delete, cascade, truncate; enabled always, so the seed's replica mode fires them). A row
 * whose figures all return to 0 is deleted. pest-totals.test holds them equal to a recount.
 *
 * - scouting_day_totals: per organisation, farm block and day a session started on, the sessions,
 *   the observation points visited (a session's distinct point numbers with an observation), and the
 *   newest session of that day (by start, then id);
 * - scouting_pest_day_totals: per organisation, block, day and pest, the observations of that pest
 *   and how many were infested (counted above 0, or recorded present);
 * - trap_day_totals: per organisation, block, trap type, lure and day, the inspections of such
 *   traps, their total and their highest count (an inspection counts for the organisation of its
 *   trap);
 * - trap_latest_inspections: each trap's newest inspection (by day, then id), with the trap's block,
 *   type and lure.
 */
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { farmBlocks } from './harvest';
import { traps } from './field-capture';

export const scoutingDayTotals = pgTable(
  'scouting_day_totals',
  {
    organizationId: organizationId(),
    farmBlockId: integer('farm_block_id')
      .notNull()
      .references(() => farmBlocks.id, { onDelete: 'cascade' }),
    /** the South African day the sessions started on */
    day: date('day', { mode: 'string' }).notNull(),
    sessions: integer('sessions').notNull(),
    points: integer('points').notNull(),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastSessionId: integer('last_session_id'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.farmBlockId, t.day] })],
);

export const scoutingPestDayTotals = pgTable(
  'scouting_pest_day_totals',
  {
    organizationId: organizationId(),
    farmBlockId: integer('farm_block_id')
      .notNull()
      .references(() => farmBlocks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    pest: text('pest').notNull(),
    observations: integer('observations').notNull(),
    infested: integer('infested').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.farmBlockId, t.day, t.pest] })],
);

export const trapDayTotals = pgTable(
  'trap_day_totals',
  {
    organizationId: organizationId(),
    farmBlockId: integer('farm_block_id')
      .notNull()
      .references(() => farmBlocks.id, { onDelete: 'cascade' }),
    trapType: text('trap_type').notNull(),
    lure: text('lure').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    inspections: integer('inspections').notNull(),
    totalCount: integer('total_count').notNull(),
    maxCount: integer('max_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.farmBlockId, t.day, t.trapType, t.lure] })],
);

export const trapLatestInspections = pgTable(
  'trap_latest_inspections',
  {
    trapId: integer('trap_id')
      .primaryKey()
      .references(() => traps.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    /** the trap's block, type and lure (kept equal to the trap's by the triggers on traps) */
    farmBlockId: integer('farm_block_id').notNull(),
    trapType: text('trap_type').notNull(),
    lure: text('lure').notNull(),
    inspectionId: integer('inspection_id').notNull(),
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('trap_latest_inspections_block_idx').on(t.organizationId, t.farmBlockId, t.inspectedOn)],
);
