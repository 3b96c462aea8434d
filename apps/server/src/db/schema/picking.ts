/** Picking schedules (per PUC per day, and per row per ISO week) and packhouse capacity. */
import { date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { packhouses } from './places';
import { pucs, varieties } from './harvest';

export const pickingProgressTypes = pgTable('picking_progress_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  pickingProgressType: text('picking_progress_type').notNull().unique(),
});

/** Bins planned per PUC, variety and day. */
export const fruitBinEstimates = pgTable(
  'fruit_bin_estimates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    pucId: integer('puc_id')
      .notNull()
      .references(() => pucs.id, { onDelete: 'cascade' }),
    varietyId: integer('variety_id')
      .notNull()
      .references(() => varieties.id),
    date: date('date', { mode: 'string' }).notNull(),
    bins: integer('bins').notNull(),
    packhouseId: integer('packhouse_id').references(() => packhouses.id),
    pickingProgressId: integer('picking_progress_id').references(() => pickingProgressTypes.id),
    userId: integer('user_id'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fruit_bin_estimates_puc_variety_date_uq').on(t.pucId, t.varietyId, t.date)],
);

/** A producer-view row: PUC x variety x packhouse, with its weeks. */
export const pickingEstimates = pgTable(
  'picking_estimates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    pucId: integer('puc_id')
      .notNull()
      .references(() => pucs.id, { onDelete: 'cascade' }),
    varietyId: integer('variety_id')
      .notNull()
      .references(() => varieties.id),
    packhouseId: integer('packhouse_id')
      .notNull()
      .references(() => packhouses.id),
    estimatedFirstWeek: integer('estimated_first_week'),
    expectedProjectedTonnes: doublePrecision('expected_projected_tonnes'),
    firstProjectedTonnes: doublePrecision('first_projected_tonnes'),
    avgBinWeight: doublePrecision('avg_bin_weight'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('picking_estimates_combination_uq').on(t.organizationId, t.pucId, t.packhouseId, t.varietyId),
    index('picking_estimates_packhouse_idx').on(t.packhouseId),
  ],
);

export const pickingEstimateWeeks = pgTable(
  'picking_estimate_weeks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pickingEstimateId: integer('picking_estimate_id')
      .notNull()
      .references(() => pickingEstimates.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    week: integer('week').notNull(),
    binCount: integer('bin_count').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('picking_estimate_weeks_uq').on(t.pickingEstimateId, t.year, t.week)],
);

export const packhouseCapacities = pgTable(
  'packhouse_capacities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    packhouseId: integer('packhouse_id')
      .notNull()
      .references(() => packhouses.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    week: integer('week').notNull(),
    capacity: integer('capacity').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('packhouse_capacities_uq').on(t.packhouseId, t.year, t.week)],
);
