/**
 * Spray products and export markets (shared spray/spray-products.ts), inside the caller's
 * organisation: another organisation's product or market answers 404 exactly as a missing one.
 * A product's market entries name the organisation's export markets (400 naming the entry
 * otherwise); a name another product has answers 409; an edit on a stale version 412. A market a
 * product names is not deleted (409).
 */
import {
  SPRAY_MARKETS_MAX,
  SPRAY_MESSAGES as M,
  sprayNameKey,
  type ExportMarket,
  type SprayProduct,
  type SprayProductValues,
} from '@orchard/shared/spray';
import type { z } from 'zod';
import type { updateSprayProductBodySchema } from '@orchard/shared/spray';
import type { AppDb } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors';
import { versionRule } from '../../data-rules/versioning';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import {
  deleteMarketRow,
  deleteProductRow,
  findMarkets,
  findProducts,
  insertMarket,
  insertProduct,
  updateProductIfVersion,
  type ProductRow,
  type ProductValues,
} from './spray.repository';

export interface SprayActor {
  organizationId: number;
  userId: number;
}

const versions = versionRule(M.stale);

export const productAnswer = ({ marketWithholding, ...row }: ProductRow): SprayProduct => ({
  ...row,
  marketWithholding: marketWithholding.map(({ market, days }) => ({ market, days })),
});

export async function listProducts(db: AppDb, actor: SprayActor): Promise<{ result: SprayProduct[] }> {
  return { result: (await findProducts(db, actor.organizationId)).map(productAnswer) };
}

/** The organisation's market ids by name as compared (trimmed, lower case). */
export async function marketIdsByName(db: AppDb, organizationId: number): Promise<Map<string, number>> {
  return new Map((await findMarkets(db, organizationId)).map((m) => [sprayNameKey(m.name), m.id]));
}

/** What a checked body stores: each market entry by its market's id (400 naming an entry for a market the organisation does not keep). */
async function valuesOf(db: AppDb, organizationId: number, body: SprayProductValues): Promise<ProductValues> {
  const markets = await marketIdsByName(db, organizationId);
  const marketDays = body.marketWithholding.map((entry, i) => {
    const marketId = markets.get(sprayNameKey(entry.market));
    if (marketId === undefined) throw validationFailed(M.marketUnknown, [{ field: `marketWithholding.${i}.market`, message: M.marketUnknown }]);
    return { marketId, days: entry.days };
  });
  const { marketWithholding: _entries, ...rest } = body;
  return { ...rest, marketDays };
}

/** A name another product has answers 409, a market deleted meanwhile 400, not 500. */
export async function namedOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.nameTaken);
    if (isForeignKeyViolation(err)) throw validationFailed(M.marketUnknown);
    throw err;
  }
}

async function answerOf(db: AppDb, organizationId: number, id: number): Promise<SprayProduct> {
  const [row] = await findProducts(db, organizationId, id);
  if (!row) throw notFound('Spray product');
  return productAnswer(row);
}

export async function createProduct(db: AppDb, actor: SprayActor, body: SprayProductValues): Promise<SprayProduct> {
  const id = await namedOnce(() =>
    db.transaction(async (tx) => insertProduct(tx, actor.organizationId, await valuesOf(tx, actor.organizationId, body))),
  );
  return answerOf(db, actor.organizationId, id);
}

export async function updateProduct(db: AppDb, actor: SprayActor, id: number, body: z.output<typeof updateSprayProductBodySchema>): Promise<SprayProduct> {
  const { version, ...fields } = body;
  await namedOnce(() =>
    db.transaction(async (tx) => {
      const [current] = await findProducts(tx, actor.organizationId, id);
      versions.checkVersion(current ?? null, version, 'Spray product');
      const saved = await updateProductIfVersion(tx, actor.organizationId, id, version, await valuesOf(tx, actor.organizationId, fields));
      if (!saved) throw versions.stale();
    }),
  );
  return answerOf(db, actor.organizationId, id);
}

/** Deletes a product. Nothing refers to a product yet; the applications that will must refuse it then. */
export async function deleteProduct(db: AppDb, actor: SprayActor, id: number): Promise<void> {
  if (!(await deleteProductRow(db, actor.organizationId, id))) throw notFound('Spray product');
}

export async function listMarkets(db: AppDb, actor: SprayActor): Promise<{ result: ExportMarket[] }> {
  return { result: await findMarkets(db, actor.organizationId) };
}

export async function createMarket(db: AppDb, actor: SprayActor, body: { name: string }): Promise<ExportMarket> {
  try {
    return await db.transaction(async (tx) => {
      const markets = await findMarkets(tx, actor.organizationId);
      if (markets.some((m) => sprayNameKey(m.name) === sprayNameKey(body.name))) throw conflict(M.marketNameTaken);
      if (markets.length >= SPRAY_MARKETS_MAX) throw validationFailed(M.marketsTooMany, [{ field: 'name', message: M.marketsTooMany }]);
      return { ...(await insertMarket(tx, actor.organizationId, body.name)), productCount: 0 };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.marketNameTaken);
    throw err;
  }
}

export async function deleteMarket(db: AppDb, actor: SprayActor, id: number): Promise<void> {
  let result: Awaited<ReturnType<typeof deleteMarketRow>>;
  try {
    result = await db.transaction((tx) => deleteMarketRow(tx, actor.organizationId, id));
  } catch (err) {
    // a product named it between the check and the delete
    if (isForeignKeyViolation(err)) throw conflict(M.marketInUse);
    throw err;
  }
  if (result === 'gone') throw notFound('Export market');
  if (result === 'used') throw conflict(M.marketInUse);
}
