/** Reference lists of places, legal entities, farms and packhouses. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { organizations } from './organization';
import { users } from './identity';

export const provinces = pgTable('provinces', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  provinceName: text('province_name').notNull().unique(),
});

export const regions = pgTable('regions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  regionName: text('region_name').notNull().unique(),
});

export const areas = pgTable('areas', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  areaName: text('area_name').notNull(),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id),
});

/** Site types of a farm's observation sites (a reference list): id, description. Farms start with 1. */
export const siteTypes = pgTable('site_types', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  description: text('description').notNull().unique(),
});

export const legalEntities = pgTable(
  'legal_entities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** optimistic-concurrency version, raised by every edit */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('legal_entities_org_idx').on(t.organizationId)],
);

export const farms = pgTable(
  'farms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    farmName: text('farm_name').notNull(),
    areaId: integer('area_id').references(() => areas.id),
    regionId: integer('region_id').references(() => regions.id),
    provinceId: integer('province_id').references(() => provinces.id),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    autoSchedule: boolean('auto_schedule').notNull().default(true),
    blockDailyAuto: boolean('block_daily_auto').notNull().default(true),
    publicHolidays: boolean('public_holidays').notNull().default(true),
    saturdays: boolean('saturdays').notNull().default(true),
    sundays: boolean('sundays').notNull().default(true),
    maxObservationPoints: integer('max_observation_points').notNull().default(0),
    observationSites: integer('observation_sites').notNull().default(0),
    siteTypeId: integer('site_type_id').notNull().default(1),
    /** optimistic-concurrency version, raised by every edit */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('farms_org_idx').on(t.organizationId)],
);

/** The unique index on a packhouse's name, as packhouseNameKey compares it. */
export const PACKHOUSE_NAME_UNIQUE_INDEX = 'packhouses_name_unique_idx';

/**
 * A packhouse name as its uniqueness compares it: lower case, every run of whitespace (spaces, tabs,
 * line breaks) as one space, none around. The stored name stays as it was given.
 */
export const packhouseNameKey = (name: SQLWrapper) => sql`lower(btrim(regexp_replace(${name}, '\\s+', ' ', 'g')))`;

/** Packhouses are a global list; organisations link to them. owner_organization_id is the
 * organisation that runs the packhouse (sees rows addressed to it, edits its capacity). Names are
 * unique ignoring case and spacing ("Addo Packhouse", " addo  packhouse " are one name), whoever
 * runs them. */
export const packhouses = pgTable(
  'packhouses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    regionId: integer('region_id').references(() => regions.id),
    /** Int | Ext | Joint */
    affiliation: text('affiliation'),
    commodity: text('commodity'),
    ownerOrganizationId: integer('owner_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex(PACKHOUSE_NAME_UNIQUE_INDEX).on(packhouseNameKey(t.name))],
);

export const organizationPackhouses = pgTable(
  'organization_packhouses',
  {
    organizationId: organizationId(),
    packhouseId: integer('packhouse_id')
      .notNull()
      .references(() => packhouses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.packhouseId] })],
);

export const userFarms = pgTable(
  'user_farms',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.farmId] }), index('user_farms_user_org_idx').on(t.userId, t.organizationId)],
);

export const userPackhouses = pgTable(
  'user_packhouses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packhouseId: integer('packhouse_id')
      .notNull()
      .references(() => packhouses.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packhouseId, t.organizationId] })],
);
