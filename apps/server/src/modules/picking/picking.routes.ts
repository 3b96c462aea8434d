/**
 * Picking schedules API (docs/domain.md, Picking schedules: picking schedule by PUC, producer view, packhouse view, capacity
 * table, their CSV exports). Reading needs picking.view; saving bins and rows needs picking.edit;
 * saving capacity needs capacity.edit. Every route works inside the current organisation, and
 * "today" is the business day of the app's clock.
 */
import { PERMISSIONS, dayOf } from '@orchard/shared/core';
import {
  PICKING_PATHS,
  type PlainDate,
  capacityPageSchema,
  capacityParamsSchema,
  capacityQuerySchema,
  capacityRowSchema,
  capacitySaveBodySchema,
  pickingEstimateRowSchema,
  pickingFiltersQuerySchema,
  pickingFiltersResponseSchema,
  pickingProgressTypesResponseSchema,
  pickingRowCreateBodySchema,
  pickingRowParamsSchema,
  pickingRowSaveBodySchema,
  pickingScheduleExportQuerySchema,
  pickingSchedulePageSchema,
  pickingScheduleQuerySchema,
  pucScheduleCellBodySchema,
  pucScheduleCellResponseSchema,
  pucSchedulePageSchema,
  pucScheduleQuerySchema,
} from '@orchard/shared/picking';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { getCapacities, saveCapacity } from './capacity.service';
import { exportSchedule } from './export.service';
import { getFilters, getPucSchedule, listProgressTypes, savePucCell } from './puc-schedule.service';
import { createProducerRow, getSchedulePage, saveProducerRow } from './schedule.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.pickingView);
const edit = permissionPolicy(PERMISSIONS.pickingEdit);
const editCapacity = permissionPolicy(PERMISSIONS.capacityEdit);

const readErrors = errorResponses(400, 401, 403, 404);
const csvResponse = z.any().describe('text/csv attachment: the separator line sep=, then the header and rows');

/** The business day of the app's clock: the schedules' windows, past days and read-only weeks hang on it. */
const today = (app: FastifyInstance): PlainDate => dayOf(app.clock.now());

export const pickingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PICKING_PATHS.filters,
    { config: view, schema: { querystring: pickingFiltersQuerySchema, response: { 200: pickingFiltersResponseSchema, ...readErrors } } },
    async (request) => getFilters(app.db, requireTenant(request), request.query),
  );

  app.get(
    PICKING_PATHS.progressTypes,
    { config: view, schema: { response: { 200: pickingProgressTypesResponseSchema, ...readErrors } } },
    async () => listProgressTypes(app.db),
  );

  app.get(
    PICKING_PATHS.pucSchedule,
    { config: view, schema: { querystring: pucScheduleQuerySchema, response: { 200: pucSchedulePageSchema, ...readErrors } } },
    async (request) => getPucSchedule(app.db, requireTenant(request), request.query, today(app)),
  );

  app.put(
    PICKING_PATHS.pucScheduleCells,
    {
      config: edit,
      schema: { body: pucScheduleCellBodySchema, response: { 200: pucScheduleCellResponseSchema, ...errorResponses(400, 401, 403, 404, 412) } },
    },
    async (request) => savePucCell(app.db, requireTenant(request), request.body, today(app)),
  );

  app.get(
    PICKING_PATHS.producerSchedule,
    { config: view, schema: { querystring: pickingScheduleQuerySchema, response: { 200: pickingSchedulePageSchema, ...readErrors } } },
    async (request) => getSchedulePage(app.db, requireTenant(request), 'producer', request.query, today(app)),
  );

  app.post(
    PICKING_PATHS.producerRows,
    {
      config: edit,
      schema: { body: pickingRowCreateBodySchema, response: { 201: pickingEstimateRowSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => reply.code(201).send(await createProducerRow(app.db, requireTenant(request), request.body, today(app))),
  );

  app.put(
    PICKING_PATHS.producerRow,
    {
      config: edit,
      schema: {
        params: pickingRowParamsSchema,
        body: pickingRowSaveBodySchema,
        response: { 200: pickingEstimateRowSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => saveProducerRow(app.db, requireTenant(request), request.params.id, request.body, today(app)),
  );

  app.get(
    PICKING_PATHS.producerExport,
    { config: view, schema: { querystring: pickingScheduleExportQuerySchema, response: { 200: csvResponse, ...readErrors } } },
    async (request, reply) =>
      reply.sendCsvExport(await exportSchedule(app.db, requireTenant(request), 'producer', request.query, today(app), app.clock.now(), request.url)),
  );

  app.get(
    PICKING_PATHS.packhouseSchedule,
    { config: view, schema: { querystring: pickingScheduleQuerySchema, response: { 200: pickingSchedulePageSchema, ...readErrors } } },
    async (request) => getSchedulePage(app.db, requireTenant(request), 'packhouse', request.query, today(app)),
  );

  app.get(
    PICKING_PATHS.packhouseExport,
    { config: view, schema: { querystring: pickingScheduleExportQuerySchema, response: { 200: csvResponse, ...readErrors } } },
    async (request, reply) =>
      reply.sendCsvExport(await exportSchedule(app.db, requireTenant(request), 'packhouse', request.query, today(app), app.clock.now(), request.url)),
  );

  app.get(
    PICKING_PATHS.capacities,
    { config: view, schema: { querystring: capacityQuerySchema, response: { 200: capacityPageSchema, ...readErrors } } },
    async (request) => getCapacities(app.db, requireTenant(request).organizationId, request.query, today(app)),
  );

  app.put(
    PICKING_PATHS.packhouseCapacity,
    {
      config: editCapacity,
      schema: {
        params: capacityParamsSchema,
        body: capacitySaveBodySchema,
        response: { 200: capacityRowSchema, ...errorResponses(400, 401, 403, 404, 412) },
      },
    },
    async (request) => saveCapacity(app.db, requireTenant(request), request.params.packhouseId, request.body, today(app)),
  );
};
