/**
 * Farm setup API: list, create, update and delete legal entities, farms, farm blocks, PUCs and
 * production blocks; list and add commodities and varieties; each list as CSV. Every route needs management.farmSetup and works inside the
 * current organisation, on the farms assigned to the caller there.
 */
import { PERMISSIONS, csvImportAnswerSchema, csvImportQuerySchema } from '@orchard/shared/core';
import {
  BLOCK_IMPORT_MAX_BYTES,
  FARM_SETUP_CSV_COLUMNS,
  FARM_SETUP_EXPORT_PATHS,
  FARM_SETUP_MESSAGES,
  FARM_SETUP_PATHS,
  commodityBodySchema,
  farmBlockBodySchema,
  farmBlocksQuerySchema,
  farmBodySchema,
  farmSetupIdParamsSchema,
  legalEntityBodySchema,
  productionBlockBodySchema,
  productionBlocksQuerySchema,
  pucBodySchema,
  pucsQuerySchema,
  setupCommoditiesResponseSchema,
  setupCommoditySchema,
  setupFarmBlockSchema,
  setupFarmBlocksResponseSchema,
  setupFarmSchema,
  setupFarmsResponseSchema,
  setupLegalEntitiesResponseSchema,
  setupLegalEntitySchema,
  setupProductionBlockSchema,
  setupProductionBlocksResponseSchema,
  setupPucSchema,
  setupPucsResponseSchema,
  setupVarietiesResponseSchema,
  setupVarietySchema,
  updateFarmBlockBodySchema,
  updateFarmBodySchema,
  updateLegalEntityBodySchema,
  updateProductionBlockBodySchema,
  updatePucBodySchema,
  varietyBodySchema,
  type FarmSetupExportKind,
} from '@orchard/shared/farm-setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { readUploadedFile } from '../../http/upload';
import {
  createCommodity,
  createFarm,
  createLegalEntity,
  createProductionBlock,
  createPuc,
  createVariety,
  deleteFarm,
  deleteLegalEntity,
  deleteProductionBlock,
  deletePuc,
  listCommodities,
  listFarms,
  listLegalEntities,
  listProductionBlocks,
  listPucs,
  listVarieties,
  updateFarm,
  updateLegalEntity,
  updateProductionBlock,
  updatePuc,
} from './farm-setup.service';
import { exportFarmSetupList, type FarmSetupExportQuery } from './farm-setup-export.service';
import { createFarmBlock, deleteFarmBlock, listFarmBlocks, updateFarmBlock } from './farm-block.service';
import { importProductionBlocks } from './production-block-import.service';
import { permissionPolicy } from '../../http/policies';

const manage = permissionPolicy(PERMISSIONS.managementFarmSetup);
const tags = ['farm-setup'];
const readErrors = errorResponses(400, 401, 403, 404);
const createErrors = errorResponses(400, 401, 403, 404, 409);
const updateErrors = errorResponses(400, 401, 403, 404, 409, 412);
const deleteErrors = errorResponses(400, 401, 403, 404, 409);
const params = farmSetupIdParamsSchema;

/** Each tab's export takes the tab's filter. */
const EXPORT_QUERIES: Record<FarmSetupExportKind, z.ZodObject> = {
  legalEntities: z.object({}),
  farms: z.object({}),
  farmBlocks: farmBlocksQuerySchema,
  pucs: pucsQuerySchema,
  productionBlocks: productionBlocksQuerySchema,
  varieties: z.object({}),
  commodities: z.object({}),
};

export const farmSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  // legal entities
  app.get(FARM_SETUP_PATHS.legalEntities, { config: manage, schema: { tags, response: { 200: setupLegalEntitiesResponseSchema, ...readErrors } } }, async (request) =>
    listLegalEntities(app.db, requireTenant(request)),
  );
  app.post(
    FARM_SETUP_PATHS.legalEntities,
    { config: manage, schema: { tags, body: legalEntityBodySchema, response: { 201: setupLegalEntitySchema, ...createErrors } } },
    async (request, reply) => reply.code(201).send(await createLegalEntity(app.db, requireTenant(request), request.body)),
  );
  app.put(
    FARM_SETUP_PATHS.legalEntity,
    { config: manage, schema: { tags, params, body: updateLegalEntityBodySchema, response: { 200: setupLegalEntitySchema, ...updateErrors } } },
    async (request) => updateLegalEntity(app.db, requireTenant(request), request.params.id, request.body),
  );
  app.delete(FARM_SETUP_PATHS.legalEntity, { config: manage, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteLegalEntity(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // farms
  app.get(FARM_SETUP_PATHS.farms, { config: manage, schema: { tags, response: { 200: setupFarmsResponseSchema, ...readErrors } } }, async (request) =>
    listFarms(app.db, requireTenant(request)),
  );
  app.post(
    FARM_SETUP_PATHS.farms,
    { config: manage, schema: { tags, body: farmBodySchema, response: { 201: setupFarmSchema, ...createErrors } } },
    async (request, reply) => reply.code(201).send(await createFarm(app.db, requireTenant(request), request.body)),
  );
  app.put(
    FARM_SETUP_PATHS.farm,
    { config: manage, schema: { tags, params, body: updateFarmBodySchema, response: { 200: setupFarmSchema, ...updateErrors } } },
    async (request) => updateFarm(app.db, requireTenant(request), request.params.id, request.body),
  );
  app.delete(FARM_SETUP_PATHS.farm, { config: manage, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteFarm(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // farm blocks
  app.get(
    FARM_SETUP_PATHS.farmBlocks,
    { config: manage, schema: { tags, querystring: farmBlocksQuerySchema, response: { 200: setupFarmBlocksResponseSchema, ...readErrors } } },
    async (request) => listFarmBlocks(app.db, requireTenant(request), request.query.farmId),
  );
  app.post(
    FARM_SETUP_PATHS.farmBlocks,
    { config: manage, schema: { tags, body: farmBlockBodySchema, response: { 201: setupFarmBlockSchema, ...createErrors } } },
    async (request, reply) => reply.code(201).send(await createFarmBlock(app.db, requireTenant(request), request.body)),
  );
  app.put(
    FARM_SETUP_PATHS.farmBlock,
    { config: manage, schema: { tags, params, body: updateFarmBlockBodySchema, response: { 200: setupFarmBlockSchema, ...updateErrors } } },
    async (request) => updateFarmBlock(app.db, requireTenant(request), request.params.id, request.body),
  );
  app.delete(FARM_SETUP_PATHS.farmBlock, { config: manage, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteFarmBlock(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // PUCs
  app.get(
    FARM_SETUP_PATHS.pucs,
    { config: manage, schema: { tags, querystring: pucsQuerySchema, response: { 200: setupPucsResponseSchema, ...readErrors } } },
    async (request) => listPucs(app.db, requireTenant(request), request.query.farmId),
  );
  app.post(
    FARM_SETUP_PATHS.pucs,
    { config: manage, schema: { tags, body: pucBodySchema, response: { 201: setupPucSchema, ...createErrors } } },
    async (request, reply) => reply.code(201).send(await createPuc(app.db, requireTenant(request), request.body)),
  );
  app.put(
    FARM_SETUP_PATHS.puc,
    { config: manage, schema: { tags, params, body: updatePucBodySchema, response: { 200: setupPucSchema, ...updateErrors } } },
    async (request) => updatePuc(app.db, requireTenant(request), request.params.id, request.body),
  );
  app.delete(FARM_SETUP_PATHS.puc, { config: manage, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deletePuc(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // production blocks
  app.get(
    FARM_SETUP_PATHS.productionBlocks,
    { config: manage, schema: { tags, querystring: productionBlocksQuerySchema, response: { 200: setupProductionBlocksResponseSchema, ...readErrors } } },
    async (request) => listProductionBlocks(app.db, requireTenant(request), request.query.pucId),
  );
  app.post(
    FARM_SETUP_PATHS.productionBlocks,
    { config: manage, schema: { tags, body: productionBlockBodySchema, response: { 201: setupProductionBlockSchema, ...createErrors } } },
    async (request, reply) => reply.code(201).send(await createProductionBlock(app.db, requireTenant(request), request.body, app.clock.now())),
  );
  app.put(
    FARM_SETUP_PATHS.productionBlock,
    { config: manage, schema: { tags, params, body: updateProductionBlockBodySchema, response: { 200: setupProductionBlockSchema, ...updateErrors } } },
    async (request) => updateProductionBlock(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(
    FARM_SETUP_PATHS.productionBlock,
    { config: manage, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } },
    async (request, reply) => {
      await deleteProductionBlock(app.db, requireTenant(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // commodities (shared by every organisation: listed and added, never renamed or deleted here)
  app.get(FARM_SETUP_PATHS.commodities, { config: manage, schema: { tags, response: { 200: setupCommoditiesResponseSchema, ...readErrors } } }, async () =>
    listCommodities(app.db),
  );
  app.post(
    FARM_SETUP_PATHS.commodities,
    { config: manage, schema: { tags, body: commodityBodySchema, response: { 201: setupCommoditySchema, ...createErrors } } },
    async (request, reply) => {
      return reply.code(201).send(await createCommodity(app.db, requireTenant(request), request.body));
    },
  );

  // varieties (shared by every organisation)
  app.get(FARM_SETUP_PATHS.varieties, { config: manage, schema: { tags, response: { 200: setupVarietiesResponseSchema, ...readErrors } } }, async () =>
    listVarieties(app.db),
  );
  app.post(
    FARM_SETUP_PATHS.varieties,
    { config: manage, schema: { tags, body: varietyBodySchema, response: { 201: setupVarietySchema, ...createErrors } } },
    async (request, reply) => {
      return reply.code(201).send(await createVariety(app.db, requireTenant(request), request.body));
    },
  );

  // each tab's list as CSV, with the tab's filter
  for (const kind of Object.keys(EXPORT_QUERIES) as FarmSetupExportKind[]) {
    app.get(
      FARM_SETUP_EXPORT_PATHS[kind],
      {
        config: manage,
        schema: {
          tags,
          querystring: EXPORT_QUERIES[kind],
          response: { 200: z.any().describe(`text/csv attachment: ${FARM_SETUP_CSV_COLUMNS[kind].map((c) => c.header).join(', ')}`), ...readErrors },
        },
      },
      async (request, reply) =>
        reply.sendCsvExport(await exportFarmSetupList(app.db, requireTenant(request), kind, request.query as FarmSetupExportQuery, app.clock.now(), request.url)),
    );
  }

  // production block import: preview, then commit (all or nothing)
  app.post(
    FARM_SETUP_PATHS.productionBlockImports,
    {
      config: { ...manage, upload: { maxBytes: BLOCK_IMPORT_MAX_BYTES } },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: csvImportQuerySchema,
        response: { 200: csvImportAnswerSchema, 201: csvImportAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = requireTenant(request);
      const bytes = await readUploadedFile(request, { missing: FARM_SETUP_MESSAGES.importNoFile });
      const result = await importProductionBlocks(app.db, actor, bytes, request.query, app.clock.now());
      return reply.code(result.committed ? 201 : 200).send(result);
    },
  );
};
