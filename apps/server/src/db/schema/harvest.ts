/** Production and harvest: commodities, varieties, PUCs, blocks, yield estimates (history) and fruit bins. */
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { farms, packhouses } from './places';

/** Commodities (Oranges, Soft Citrus, Lemons, Grapefruit): a list every organisation shares.
 * Names are unique ignoring case and surrounding spaces. */
export const commodities = pgTable(
  'commodities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
  },
  (t) => [uniqueIndex('commodities_name_lower_uq').on(sql`lower(btrim(${t.name}))`)],
);

export const varieties = pgTable('varieties', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  varietyName: text('variety_name').notNull().unique(),
  /** the name of one of the commodities (a rename there follows here) */
  commodity: text('commodity')
    .notNull()
    .references(() => commodities.name, { onUpdate: 'cascade' }),
});

/** Production unit code: the unit the packhouse receives fruit under. */
export const pucs = pgTable(
  'pucs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    pucName: text('puc_name').notNull(),
    /** optimistic-concurrency version, raised by every edit */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('pucs_org_name_uq').on(t.organizationId, t.pucName), index('pucs_farm_idx').on(t.farmId)],
);

/** The farm's own orchard block. */
export const farmBlocks = pgTable(
  'farm_blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ha: doublePrecision('ha').notNull(),
    varietyId: integer('variety_id')
      .notNull()
      .references(() => varieties.id),
    daffCode: text('daff_code'),
    /** optimistic-concurrency version, raised by every edit */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('farm_blocks_farm_idx').on(t.farmId)],
);

/** A block as the packhouse knows it under a PUC; linked to a farm block or not (shaded rows). */
export const productionBlocks = pgTable(
  'production_blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    pucId: integer('puc_id')
      .notNull()
      .references(() => pucs.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    varietyId: integer('variety_id')
      .notNull()
      .references(() => varieties.id),
    farmBlockId: integer('farm_block_id').references(() => farmBlocks.id, { onDelete: 'set null' }),
    /** the block's name, hectares and planting year (farm setup); older rows may lack them */
    name: text('name'),
    ha: doublePrecision('ha'),
    plantingYear: integer('planting_year'),
    /** optimistic-concurrency version, raised by every edit */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('production_blocks_puc_code_uq').on(t.pucId, t.code), index('production_blocks_org_idx').on(t.organizationId)],
);

/** Every save is a new row; the report reads the latest per production block and season. */
export const yieldEstimates = pgTable(
  'yield_estimates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    productionBlockId: integer('production_block_id')
      .notNull()
      .references(() => productionBlocks.id, { onDelete: 'cascade' }),
    season: integer('season').notNull(),
    ha: doublePrecision('ha').notNull(),
    tonnesPerHa: doublePrecision('tonnes_per_ha'),
    tonnesPerHaAdjusted: doublePrecision('tonnes_per_ha_adjusted'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('yield_estimates_block_season_idx').on(t.productionBlockId, t.season, t.id),
    // the organisation's latest season (harvest_latest_season)
    index('yield_estimates_org_season_idx').on(t.organizationId, t.season),
  ],
);

/** Bin intake. Untipped bins have no weight yet (estimated from the tipped average). */
export const fruitBins = pgTable(
  'fruit_bins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    productionBlockId: integer('production_block_id')
      .notNull()
      .references(() => productionBlocks.id, { onDelete: 'cascade' }),
    packhouseId: integer('packhouse_id')
      .notNull()
      .references(() => packhouses.id),
    varietyId: integer('variety_id')
      .notNull()
      .references(() => varieties.id),
    season: integer('season').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    receivedDate: date('received_date', { mode: 'string' }).notNull(),
    tipped: boolean('tipped').notNull().default(false),
    tippedAt: timestamp('tipped_at', { withTimezone: true }),
    tippedKgs: doublePrecision('tipped_kgs'),
    createdBy: integer('created_by'),
  },
  (t) => [
    index('fruit_bins_block_idx').on(t.productionBlockId, t.season, t.tipped),
    index('fruit_bins_packhouse_variety_idx').on(t.packhouseId, t.varietyId, t.season),
    index('fruit_bins_org_date_idx').on(t.organizationId, t.receivedDate),
  ],
);

/**
 * The bins of each production block per ISO week they were received in (with their packhouse,
 * variety, organisation and season): what the harvest reports and the picking schedule's actuals
 * read instead of counting fruit_bins per request. Maintained only by the statement-level triggers
 * on fruit_bins (migration 0025: insert, update, delete and truncate, enabled always, so the seed's
 * replica mode fires them too), in the same transaction as the bins; a key whose bins are all gone
 * loses its row. `tipped_kgs` is numeric so that adding and subtracting bins stays exactly equal
 * to a recount (a float sum depends on its order).
 */
export const binWeekTotals = pgTable(
  'bin_week_totals',
  {
    organizationId: organizationId(),
    productionBlockId: integer('production_block_id')
      .notNull()
      .references(() => productionBlocks.id, { onDelete: 'cascade' }),
    packhouseId: integer('packhouse_id')
      .notNull()
      .references(() => packhouses.id),
    varietyId: integer('variety_id')
      .notNull()
      .references(() => varieties.id),
    season: integer('season').notNull(),
    /** the Monday of the ISO week of the bins' received date */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    notTipped: integer('not_tipped').notNull(),
    tipped: integer('tipped').notNull(),
    tippedKgs: numeric('tipped_kgs').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.productionBlockId, t.season, t.weekStart, t.packhouseId, t.varietyId] }),
    // both also INCLUDE the figures the reports add up (migration 0027), for index-only scans
    index('bin_week_totals_packhouse_idx').on(t.packhouseId, t.season, t.varietyId),
    index('bin_week_totals_season_idx').on(t.season, t.organizationId),
  ],
);
