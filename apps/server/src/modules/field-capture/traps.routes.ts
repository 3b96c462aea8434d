/**
 * Traps API: list traps and inspections (traps.view); place, edit and delete traps and capture,
 * edit and delete inspections (traps.capture). Inside the current organisation, on the farms
 * assigned to the caller there.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  TRAPS_PATHS,
  createTrapBodySchema,
  createTrapInspectionBodySchema,
  fieldReadingIdParamsSchema,
  trapInspectionSchema,
  trapInspectionsQuerySchema,
  trapInspectionsResponseSchema,
  trapSchema,
  trapsQuerySchema,
  trapsResponseSchema,
  updateTrapBodySchema,
  updateTrapInspectionBodySchema,
} from '@orchard/shared/field-capture';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import {
  captureTrap,
  captureTrapInspection,
  deleteTrap,
  deleteTrapInspection,
  listTrapInspections,
  listTraps,
  updateTrap,
  updateTrapInspection,
} from './traps.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.trapsView);
const capture = permissionPolicy(PERMISSIONS.trapsCapture);
const tags = ['traps'];
const params = fieldReadingIdParamsSchema;
const listErrors = errorResponses(400, 401, 403, 404);
const captureErrors = errorResponses(400, 401, 403, 404, 409);
const updateErrors = errorResponses(400, 401, 403, 404, 412);
const deleteErrors = errorResponses(400, 401, 403, 404, 409);

export const trapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(TRAPS_PATHS.traps, { config: view, schema: { tags, querystring: trapsQuerySchema, response: { 200: trapsResponseSchema, ...listErrors } } }, async (request) =>
    listTraps(app.db, requireTenant(request), request.query),
  );
  app.post(
    TRAPS_PATHS.traps,
    { config: capture, schema: { tags, body: createTrapBodySchema, response: { 200: trapSchema, 201: trapSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await captureTrap(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    TRAPS_PATHS.trap,
    { config: capture, schema: { tags, params, body: updateTrapBodySchema, response: { 200: trapSchema, ...updateErrors } } },
    async (request) => updateTrap(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(TRAPS_PATHS.trap, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteTrap(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  app.get(
    TRAPS_PATHS.inspections,
    { config: view, schema: { tags, querystring: trapInspectionsQuerySchema, response: { 200: trapInspectionsResponseSchema, ...listErrors } } },
    async (request) => listTrapInspections(app.db, requireTenant(request), request.query),
  );
  app.post(
    TRAPS_PATHS.inspections,
    { config: capture, schema: { tags, body: createTrapInspectionBodySchema, response: { 200: trapInspectionSchema, 201: trapInspectionSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await captureTrapInspection(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    TRAPS_PATHS.inspection,
    { config: capture, schema: { tags, params, body: updateTrapInspectionBodySchema, response: { 200: trapInspectionSchema, ...updateErrors } } },
    async (request) => updateTrapInspection(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(TRAPS_PATHS.inspection, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteTrapInspection(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });
};
