/**
 * Spray products and export markets (shared spray/spray-products.ts): each organisation's export
 * markets, its plant protection products with their local withholding days, and a product's days
 * per export market. A market a product names cannot be deleted (the entry's foreign key restricts
 * it); a product's entries go with it.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';

export const sprayExportMarkets = pgTable(
  'spray_export_markets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('spray_export_markets_name_uq').on(t.organizationId, sql`lower(btrim(${t.name}))`)],
);

/** The unique index on a product's name in its organisation (ignoring case and the spaces at its ends). */
export const SPRAY_PRODUCT_NAME_UNIQUE_INDEX = 'spray_products_name_uq';

export const sprayProducts = pgTable(
  'spray_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    registrationNumber: text('registration_number').notNull().default(''),
    /** a SPRAY_FORMULATIONS code */
    formulation: text('formulation').notNull(),
    /** [{ name, concentration }] in the order entered */
    activeIngredients: jsonb('active_ingredients').$type<{ name: string; concentration: string }[]>().notNull().default([]),
    /** in the order entered */
    targetPests: jsonb('target_pests').$type<string[]>().notNull().default([]),
    localWithholdingDays: integer('local_withholding_days').notNull(),
    /** optimistic-concurrency version, raised by every edit */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(SPRAY_PRODUCT_NAME_UNIQUE_INDEX).on(t.organizationId, sql`lower(btrim(${t.name}))`),
    check('spray_products_local_days_ck', sql`${t.localWithholdingDays} between 0 and 365`),
  ],
);

export const sprayProductMarketDays = pgTable(
  'spray_product_market_days',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => sprayProducts.id, { onDelete: 'cascade' }),
    marketId: integer('market_id')
      .notNull()
      .references(() => sprayExportMarkets.id, { onDelete: 'no action' }),
    days: integer('days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.marketId] }),
    index('spray_product_market_days_market_idx').on(t.marketId),
    check('spray_product_market_days_days_ck', sql`${t.days} between 0 and 365`),
  ],
);
