/** Queries of an organisation's spray products and export markets (db/schema/spray.ts). */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { sprayExportMarkets, sprayProductMarketDays, sprayProducts } from '../../db/schema/index';
import { nextVersion } from '../../data-rules/versioning';

export interface ProductRow {
  id: number;
  name: string;
  registrationNumber: string;
  formulation: string;
  activeIngredients: { name: string; concentration: string }[];
  targetPests: string[];
  localWithholdingDays: number;
  version: number;
  /** by market name */
  marketWithholding: { marketId: number; market: string; days: number }[];
}

/** What a product stores (its market entries by market id). */
export interface ProductValues {
  name: string;
  registrationNumber: string;
  formulation: string;
  activeIngredients: { name: string; concentration: string }[];
  targetPests: string[];
  localWithholdingDays: number;
  marketDays: { marketId: number; days: number }[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name);

/** The organisation's products (one, with `id`), by name, each with its market entries by market name. */
export async function findProducts(db: AppDb, organizationId: number, id?: number): Promise<ProductRow[]> {
  const rows = await db
    .select({
      id: sprayProducts.id,
      name: sprayProducts.name,
      registrationNumber: sprayProducts.registrationNumber,
      formulation: sprayProducts.formulation,
      activeIngredients: sprayProducts.activeIngredients,
      targetPests: sprayProducts.targetPests,
      localWithholdingDays: sprayProducts.localWithholdingDays,
      version: sprayProducts.version,
    })
    .from(sprayProducts)
    .where(and(eq(sprayProducts.organizationId, organizationId), id === undefined ? undefined : eq(sprayProducts.id, id)));
  if (rows.length === 0) return [];
  const entries = await db
    .select({ productId: sprayProductMarketDays.productId, marketId: sprayProductMarketDays.marketId, market: sprayExportMarkets.name, days: sprayProductMarketDays.days })
    .from(sprayProductMarketDays)
    .innerJoin(sprayExportMarkets, eq(sprayExportMarkets.id, sprayProductMarketDays.marketId))
    .where(inArray(sprayProductMarketDays.productId, rows.map((r) => r.id)));
  const byProduct = new Map<number, ProductRow['marketWithholding']>();
  for (const e of entries) byProduct.set(e.productId, [...(byProduct.get(e.productId) ?? []), { marketId: e.marketId, market: e.market, days: e.days }]);
  return rows
    .map((r) => ({ ...r, marketWithholding: (byProduct.get(r.id) ?? []).sort((a, b) => byName({ name: a.market }, { name: b.market })) }))
    .sort(byName);
}

async function replaceMarketDays(db: AppDb, productId: number, marketDays: ProductValues['marketDays']): Promise<void> {
  await db.delete(sprayProductMarketDays).where(eq(sprayProductMarketDays.productId, productId));
  if (marketDays.length > 0) await db.insert(sprayProductMarketDays).values(marketDays.map((m) => ({ productId, ...m })));
}

export async function insertProduct(db: AppDb, organizationId: number, values: ProductValues): Promise<number> {
  const { marketDays, ...columns } = values;
  const [row] = await db.insert(sprayProducts).values({ organizationId, ...columns }).returning({ id: sprayProducts.id });
  await replaceMarketDays(db, row!.id, marketDays);
  return row!.id;
}

/** Saves a product read at `version`: false when the version moved on (or the product is gone). */
export async function updateProductIfVersion(db: AppDb, organizationId: number, id: number, version: number, values: ProductValues): Promise<boolean> {
  const { marketDays, ...columns } = values;
  const rows = await db
    .update(sprayProducts)
    .set({ ...columns, version: nextVersion(sprayProducts.version), updatedAt: new Date() })
    .where(and(eq(sprayProducts.organizationId, organizationId), eq(sprayProducts.id, id), eq(sprayProducts.version, version)))
    .returning({ id: sprayProducts.id });
  if (rows.length === 0) return false;
  await replaceMarketDays(db, id, marketDays);
  return true;
}

export async function deleteProductRow(db: AppDb, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(sprayProducts)
    .where(and(eq(sprayProducts.organizationId, organizationId), eq(sprayProducts.id, id)))
    .returning({ id: sprayProducts.id });
  return rows.length > 0;
}

/** The organisation's export markets, by name, with how many products have an entry for each. */
export async function findMarkets(db: AppDb, organizationId: number): Promise<{ id: number; name: string; productCount: number }[]> {
  const rows = await db
    .select({ id: sprayExportMarkets.id, name: sprayExportMarkets.name, productCount: count(sprayProductMarketDays.productId) })
    .from(sprayExportMarkets)
    .leftJoin(sprayProductMarketDays, eq(sprayProductMarketDays.marketId, sprayExportMarkets.id))
    .where(eq(sprayExportMarkets.organizationId, organizationId))
    .groupBy(sprayExportMarkets.id, sprayExportMarkets.name)
    .orderBy(asc(sql`lower(${sprayExportMarkets.name})`), asc(sprayExportMarkets.id));
  return rows.map((r) => ({ ...r, productCount: Number(r.productCount) }));
}

export async function insertMarket(db: AppDb, organizationId: number, name: string): Promise<{ id: number; name: string }> {
  const [row] = await db.insert(sprayExportMarkets).values({ organizationId, name }).returning({ id: sprayExportMarkets.id, name: sprayExportMarkets.name });
  return row!;
}

/** Deletes a market no product names: 'gone' when the organisation has no such market, 'used' while a product names it. */
export async function deleteMarketRow(db: AppDb, organizationId: number, id: number): Promise<'deleted' | 'gone' | 'used'> {
  const [used] = await db.select({ n: count() }).from(sprayProductMarketDays).where(eq(sprayProductMarketDays.marketId, id));
  const rows = await db
    .select({ id: sprayExportMarkets.id })
    .from(sprayExportMarkets)
    .where(and(eq(sprayExportMarkets.organizationId, organizationId), eq(sprayExportMarkets.id, id)));
  if (rows.length === 0) return 'gone';
  if (Number(used?.n ?? 0) > 0) return 'used';
  await db.delete(sprayExportMarkets).where(and(eq(sprayExportMarkets.organizationId, organizationId), eq(sprayExportMarkets.id, id)));
  return 'deleted';
}

/** Does the organisation keep any spray product or export market? */
export async function hasSprayData(db: AppDb, organizationId: number): Promise<boolean> {
  const [products] = await db.select({ n: count() }).from(sprayProducts).where(eq(sprayProducts.organizationId, organizationId));
  if (Number(products?.n ?? 0) > 0) return true;
  const [markets] = await db.select({ n: count() }).from(sprayExportMarkets).where(eq(sprayExportMarkets.organizationId, organizationId));
  return Number(markets?.n ?? 0) > 0;
}

/** Copies one organisation's export markets and spray products (with their market days) into another. */
export async function copySprayData(db: AppDb, fromOrganizationId: number, toOrganizationId: number): Promise<{ markets: number; products: number }> {
  const markets = await db.select({ id: sprayExportMarkets.id, name: sprayExportMarkets.name }).from(sprayExportMarkets).where(eq(sprayExportMarkets.organizationId, fromOrganizationId));
  const marketIds = new Map<number, number>();
  for (const m of markets) marketIds.set(m.id, (await insertMarket(db, toOrganizationId, m.name)).id);
  const products = await findProducts(db, fromOrganizationId);
  for (const { id: _id, version: _version, marketWithholding, ...values } of products) {
    await insertProduct(db, toOrganizationId, { ...values, marketDays: marketWithholding.map((m) => ({ marketId: marketIds.get(m.marketId)!, days: m.days })) });
  }
  return { markets: markets.length, products: products.length };
}
