/**
 * Harvest API (docs/domain.md, Harvest: Harvest PUC report, Fruitbins Block Report, Estimate appraisal, block
 * yield estimate save; plus bin intake). Reading needs harvest.reports; writing estimates and bins
 * needs harvest.estimates.edit. Every route works inside the current organisation.
 */
import { PERMISSIONS, csvImportQuerySchema } from '@orchard/shared/core';
import {
  BIN_IMPORT_MAX_BYTES,
  BIN_IMPORT_MESSAGES,
  HARVEST_PATHS,
  binImportResponseSchema,
  binIntakeBodySchema,
  binIntakeResponseSchema,
  binTippingBodySchema,
  binTippingResponseSchema,
  blockEstimateSaveBodySchema,
  blockReportPageSchema,
  blockReportQuerySchema,
  blockReportRowResponseSchema,
  estimateHistoryResponseSchema,
  harvestFarmsResponseSchema,
  harvestPackhousesResponseSchema,
  harvestPucsQuerySchema,
  harvestPucsResponseSchema,
  harvestVarietiesQuerySchema,
  harvestVarietiesResponseSchema,
  productionBlockIdParamsSchema,
  pucIdParamsSchema,
  pucReportPageSchema,
  pucReportQuerySchema,
} from '@orchard/shared/harvest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { acceptsJsonLines, sendJsonLines } from '../../http/json-lines';
import { errorResponses } from '../../http/schemas';
import { readUploadedFile } from '../../http/upload';
import { importBins, recordBins, tipBins } from './bins.service';
import {
  exportPucReport,
  getBlockReport,
  getEstimateHistory,
  getPucReport,
  listFarms,
  listPucOptions,
  listReportPackhouses,
  listReportVarieties,
  saveBlockEstimate,
} from './harvest.service';
import { permissionPolicy } from '../../http/policies';

const read = permissionPolicy(PERMISSIONS.harvestReports);
const write = permissionPolicy(PERMISSIONS.harvestEstimatesEdit);

export const harvestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HARVEST_PATHS.packhouses,
    { config: read, schema: { response: { 200: harvestPackhousesResponseSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => listReportPackhouses(app.db, requireTenant(request).organizationId),
  );

  app.get(
    HARVEST_PATHS.varieties,
    {
      config: read,
      schema: { querystring: harvestVarietiesQuerySchema, response: { 200: harvestVarietiesResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => listReportVarieties(app.db, requireTenant(request), request.query, app.clock.now()),
  );

  app.get(
    HARVEST_PATHS.pucReport,
    {
      config: read,
      schema: { querystring: pucReportQuerySchema, response: { 200: pucReportPageSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getPucReport(app.db, requireTenant(request), request.query, app.clock.now()),
  );

  app.get(
    HARVEST_PATHS.pucReportExport,
    {
      config: read,
      schema: {
        querystring: pucReportQuerySchema,
        response: {
          200: z.any().describe('text/csv attachment: PUC, Est. Untipped Tonnes, Tipped Tonnes, Combined Tonnes, Remaining Tonnes, Blocks Estimated; a Total line last'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => reply.sendCsvExport(await exportPucReport(app.db, requireTenant(request), request.query, app.clock.now(), request.url)),
  );

  app.get(
    HARVEST_PATHS.farms,
    { config: read, schema: { response: { 200: harvestFarmsResponseSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => listFarms(app.db, requireTenant(request)),
  );

  app.get(
    HARVEST_PATHS.pucs,
    {
      config: read,
      schema: { querystring: harvestPucsQuerySchema, response: { 200: harvestPucsResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => listPucOptions(app.db, requireTenant(request), request.query.farm),
  );

  app.get(
    HARVEST_PATHS.blockReport,
    {
      config: read,
      schema: {
        params: pucIdParamsSchema,
        querystring: blockReportQuerySchema,
        response: { 200: blockReportPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBlockReport(app.db, requireTenant(request), request.params.pucId, request.query, app.clock.now()),
  );

  app.get(
    HARVEST_PATHS.blockEstimates,
    {
      config: read,
      schema: { params: productionBlockIdParamsSchema, response: { 200: estimateHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getEstimateHistory(app.db, requireTenant(request), request.params.productionBlockId),
  );

  app.post(
    HARVEST_PATHS.estimates,
    {
      config: write,
      schema: {
        body: blockEstimateSaveBodySchema,
        response: { 201: blockReportRowResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const row = await saveBlockEstimate(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(201).send(row);
    },
  );

  app.post(
    HARVEST_PATHS.bins,
    {
      config: write,
      schema: { body: binIntakeBodySchema, response: { 201: binIntakeResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => reply.code(201).send(await recordBins(app.db, requireTenant(request), request.body, app.clock.now())),
  );

  app.post(
    HARVEST_PATHS.binTippings,
    {
      config: write,
      schema: { body: binTippingBodySchema, response: { 201: binTippingResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => reply.code(201).send(await tipBins(app.db, requireTenant(request), request.body, app.clock.now())),
  );

  app.post(
    HARVEST_PATHS.binImports,
    {
      config: { ...write, upload: { maxBytes: BIN_IMPORT_MAX_BYTES } },
      schema: {
        consumes: ['multipart/form-data'],
        // with Accept: application/x-ndjson, 200 and the lines of bin-import-lines.ts
        produces: ['application/json', 'application/x-ndjson'],
        querystring: csvImportQuerySchema,
        response: { 200: binImportResponseSchema, 201: binImportResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = requireTenant(request);
      const bytes = await readUploadedFile(request, { missing: BIN_IMPORT_MESSAGES.noFile });
      if (acceptsJsonLines(request)) {
        // the client follows the import: a line per step, the answer (or the error) last; a client
        // that goes away stops it between two steps, and a commit then writes nothing
        return sendJsonLines(
          app,
          request,
          reply,
          ({ line, signal }) => importBins(app.db, actor, bytes, request.query, app.clock.now(), { onProgress: (progress) => line({ progress }), signal }),
          (result) => ({ result }),
        );
      }
      const result = await importBins(app.db, actor, bytes, request.query, app.clock.now());
      return reply.code(result.committed ? 201 : 200).send(result);
    },
  );
};
