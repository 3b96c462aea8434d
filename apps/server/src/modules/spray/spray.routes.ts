/**
 * Spray products API (shared spray/spray-products.ts): the organisation's products (list, add,
 * edit, delete, CSV import and export) and export markets (list, add, delete). Every route needs
 * spray.products.manage and works inside the current organisation.
 */
import { PERMISSIONS, csvImportAnswerSchema, csvImportQuerySchema } from '@orchard/shared/core';
import {
  SPRAY_EXPORT_NAMES,
  SPRAY_IMPORT_COLUMNS,
  SPRAY_IMPORT_MAX_BYTES,
  SPRAY_MESSAGES,
  SPRAY_PATHS,
  exportMarketBodySchema,
  exportMarketSchema,
  exportMarketsResponseSchema,
  sprayIdParamsSchema,
  sprayProductBodySchema,
  sprayProductCells,
  sprayProductSchema,
  sprayProductsFileName,
  sprayProductsResponseSchema,
  updateSprayProductBodySchema,
} from '@orchard/shared/spray';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { permissionPolicy } from '../../http/policies';
import { readUploadedFile } from '../../http/upload';
import { byColumns } from '../../lib/csv-export';
import { requireTenant } from '../../plugins/access';
import { importSprayProducts } from './spray-import.service';
import { findProducts } from './spray.repository';
import { createMarket, createProduct, deleteMarket, deleteProduct, listMarkets, listProducts, productAnswer, updateProduct } from './spray.service';

const manage = permissionPolicy(PERMISSIONS.sprayProductsManage);
const tags = ['spray'];
const params = sprayIdParamsSchema;

export const sprayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(SPRAY_PATHS.products, { config: manage, schema: { tags, response: { 200: sprayProductsResponseSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    listProducts(app.db, requireTenant(request)),
  );
  app.post(
    SPRAY_PATHS.products,
    { config: manage, schema: { tags, body: sprayProductBodySchema, response: { 201: sprayProductSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => reply.code(201).send(await createProduct(app.db, requireTenant(request), request.body)),
  );
  app.put(
    SPRAY_PATHS.product,
    { config: manage, schema: { tags, params, body: updateSprayProductBodySchema, response: { 200: sprayProductSchema, ...errorResponses(400, 401, 403, 404, 409, 412) } } },
    async (request) => updateProduct(app.db, requireTenant(request), request.params.id, request.body),
  );
  app.delete(SPRAY_PATHS.product, { config: manage, schema: { tags, params, response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request, reply) => {
    await deleteProduct(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  app.get(
    SPRAY_PATHS.productsExport,
    { config: manage, schema: { tags, response: { 200: z.any().describe(`text/csv attachment: ${SPRAY_IMPORT_COLUMNS.join(', ')}`), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      const actor = requireTenant(request);
      const now = app.clock.now();
      const products = (await findProducts(app.db, actor.organizationId)).map(productAnswer);
      return reply.sendCsvExport({
        fileName: sprayProductsFileName(now),
        ...byColumns(
          SPRAY_IMPORT_COLUMNS.map((key) => ({ key, header: key })),
          products.map(sprayProductCells),
        ),
        log: { userId: actor.userId, organizationId: actor.organizationId, url: request.url, ...SPRAY_EXPORT_NAMES, exportTime: now },
      });
    },
  );

  app.post(
    SPRAY_PATHS.productImports,
    {
      config: { ...manage, upload: { maxBytes: SPRAY_IMPORT_MAX_BYTES } },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: csvImportQuerySchema,
        response: { 200: csvImportAnswerSchema, 201: csvImportAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = requireTenant(request);
      const bytes = await readUploadedFile(request, { missing: SPRAY_MESSAGES.importNoFile });
      const result = await importSprayProducts(app.db, actor, bytes, request.query);
      return reply.code(result.committed ? 201 : 200).send(result);
    },
  );

  app.get(SPRAY_PATHS.markets, { config: manage, schema: { tags, response: { 200: exportMarketsResponseSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    listMarkets(app.db, requireTenant(request)),
  );
  app.post(
    SPRAY_PATHS.markets,
    { config: manage, schema: { tags, body: exportMarketBodySchema, response: { 201: exportMarketSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => reply.code(201).send(await createMarket(app.db, requireTenant(request), request.body)),
  );
  app.delete(SPRAY_PATHS.market, { config: manage, schema: { tags, params, response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request, reply) => {
    await deleteMarket(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });
};
