/**
 * Field readings captured in the orchards: trap placements and inspections, tensiometer readings,
 * water applied and phenology observations (scouting sessions live in scouting.ts). Every row
 * belongs to one organisation and one farm block (an inspection through its trap), carries the id
 * the capturing device generated (unique per organisation, so a resend finds the stored row) and a
 * version raised by every edit. Days are South African calendar days.
 */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { captureColumns } from './columns';
import { farmBlocks } from './harvest';

const blockColumn = () =>
  integer('farm_block_id')
    .notNull()
    .references(() => farmBlocks.id, { onDelete: 'cascade' });

export const traps = pgTable(
  'traps',
  {
    ...captureColumns(),
    farmBlockId: blockColumn(),
    trapType: text('trap_type').notNull(),
    lure: text('lure').notNull(),
    code: text('code'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    activeFrom: date('active_from', { mode: 'string' }).notNull(),
    /** null: still hanging */
    activeTo: date('active_to', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('traps_org_client_uq').on(t.organizationId, t.clientId),
    index('traps_block_idx').on(t.farmBlockId, t.activeFrom),
    check('traps_active_ck', sql`${t.activeTo} is null or ${t.activeTo} >= ${t.activeFrom}`),
    check('traps_position_ck', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
  ],
);

export const trapInspections = pgTable(
  'trap_inspections',
  {
    ...captureColumns(),
    /** a trap with inspections is not deleted (409) */
    trapId: integer('trap_id')
      .notNull()
      .references(() => traps.id),
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('trap_inspections_org_client_uq').on(t.organizationId, t.clientId),
    index('trap_inspections_trap_idx').on(t.trapId, t.inspectedOn),
    check('trap_inspections_count_ck', sql`${t.count} >= 0`),
  ],
);

export const tensiometerReadings = pgTable(
  'tensiometer_readings',
  {
    ...captureColumns(),
    farmBlockId: blockColumn(),
    station: text('station').notNull(),
    depthCm: smallint('depth_cm').notNull(),
    kpa: doublePrecision('kpa').notNull(),
    readOn: date('read_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('tensiometer_readings_org_client_uq').on(t.organizationId, t.clientId),
    // the input checks read each block's newest day
    index('tensiometer_readings_block_day_idx').on(t.farmBlockId, t.readOn),
    index('tensiometer_readings_org_day_idx').on(t.organizationId, t.readOn),
    check('tensiometer_readings_kpa_ck', sql`${t.kpa} between 0 and 100`),
  ],
);

export const waterApplied = pgTable(
  'water_applied',
  {
    ...captureColumns(),
    farmBlockId: blockColumn(),
    appliedOn: date('applied_on', { mode: 'string' }).notNull(),
    amount: doublePrecision('amount').notNull(),
    /** mm or m3 */
    unit: text('unit').notNull(),
  },
  (t) => [
    uniqueIndex('water_applied_org_client_uq').on(t.organizationId, t.clientId),
    index('water_applied_block_day_idx').on(t.farmBlockId, t.appliedOn),
    index('water_applied_org_day_idx').on(t.organizationId, t.appliedOn),
    check('water_applied_amount_ck', sql`${t.amount} > 0`),
    check('water_applied_unit_ck', sql`${t.unit} in ('mm', 'm3')`),
  ],
);

export const phenologyObservations = pgTable(
  'phenology_observations',
  {
    ...captureColumns(),
    farmBlockId: blockColumn(),
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    stage: text('stage').notNull(),
    percentOfTrees: doublePrecision('percent_of_trees').notNull(),
  },
  (t) => [
    uniqueIndex('phenology_observations_org_client_uq').on(t.organizationId, t.clientId),
    index('phenology_observations_block_day_idx').on(t.farmBlockId, t.observedOn),
    index('phenology_observations_org_day_idx').on(t.organizationId, t.observedOn),
    check('phenology_observations_percent_ck', sql`${t.percentOfTrees} between 0 and 100`),
  ],
);
