/**
 * Irrigation API: tensiometer readings (list: reports.tensio) and water applied (list: water.view);
 * capturing, editing and deleting either needs irrigation.capture. Inside the current
 * organisation, on the farms assigned to the caller there.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  IRRIGATION_PATHS,
  createTensiometerReadingBodySchema,
  createWaterAppliedBodySchema,
  fieldReadingIdParamsSchema,
  tensiometerReadingSchema,
  tensiometerReadingsQuerySchema,
  tensiometerReadingsResponseSchema,
  updateTensiometerReadingBodySchema,
  updateWaterAppliedBodySchema,
  waterAppliedQuerySchema,
  waterAppliedResponseSchema,
  waterAppliedSchema,
} from '@orchard/shared/field-capture';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import {
  captureTensiometerReading,
  captureWaterApplied,
  deleteTensiometerReading,
  deleteWaterApplied,
  listTensiometerReadings,
  listWaterApplied,
  updateTensiometerReading,
  updateWaterApplied,
} from './irrigation.service';
import { permissionPolicy } from '../../http/policies';

const tensioView = permissionPolicy(PERMISSIONS.reportsTensio);
const waterView = permissionPolicy(PERMISSIONS.waterView);
const capture = permissionPolicy(PERMISSIONS.irrigationCapture);
const tags = ['irrigation'];
const params = fieldReadingIdParamsSchema;
const listErrors = errorResponses(400, 401, 403, 404);
const captureErrors = errorResponses(400, 401, 403, 404, 409);
const updateErrors = errorResponses(400, 401, 403, 404, 412);
const deleteErrors = errorResponses(400, 401, 403, 404);

export const irrigationRoutes: FastifyPluginAsyncZod = async (app) => {
  // tensiometer readings
  app.get(
    IRRIGATION_PATHS.tensiometerReadings,
    { config: tensioView, schema: { tags, querystring: tensiometerReadingsQuerySchema, response: { 200: tensiometerReadingsResponseSchema, ...listErrors } } },
    async (request) => listTensiometerReadings(app.db, requireTenant(request), request.query),
  );
  app.post(
    IRRIGATION_PATHS.tensiometerReadings,
    { config: capture, schema: { tags, body: createTensiometerReadingBodySchema, response: { 200: tensiometerReadingSchema, 201: tensiometerReadingSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await captureTensiometerReading(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    IRRIGATION_PATHS.tensiometerReading,
    { config: capture, schema: { tags, params, body: updateTensiometerReadingBodySchema, response: { 200: tensiometerReadingSchema, ...updateErrors } } },
    async (request) => updateTensiometerReading(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(IRRIGATION_PATHS.tensiometerReading, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteTensiometerReading(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // water applied
  app.get(
    IRRIGATION_PATHS.waterApplied,
    { config: waterView, schema: { tags, querystring: waterAppliedQuerySchema, response: { 200: waterAppliedResponseSchema, ...listErrors } } },
    async (request) => listWaterApplied(app.db, requireTenant(request), request.query),
  );
  app.post(
    IRRIGATION_PATHS.waterApplied,
    { config: capture, schema: { tags, body: createWaterAppliedBodySchema, response: { 200: waterAppliedSchema, 201: waterAppliedSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await captureWaterApplied(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    IRRIGATION_PATHS.waterAppliedRecord,
    { config: capture, schema: { tags, params, body: updateWaterAppliedBodySchema, response: { 200: waterAppliedSchema, ...updateErrors } } },
    async (request) => updateWaterApplied(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(IRRIGATION_PATHS.waterAppliedRecord, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteWaterApplied(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });
};
