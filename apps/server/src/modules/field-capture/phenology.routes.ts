/**
 * Phenology API: list observations (phenology.view); capture, edit and delete them
 * (phenology.capture). Inside the current organisation, on the farms assigned to the caller there.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  PHENOLOGY_PATHS,
  createPhenologyObservationBodySchema,
  fieldReadingIdParamsSchema,
  phenologyObservationSchema,
  phenologyObservationsQuerySchema,
  phenologyObservationsResponseSchema,
  updatePhenologyObservationBodySchema,
} from '@orchard/shared/field-capture';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import {
  capturePhenologyObservation,
  deletePhenologyObservation,
  listPhenologyObservations,
  updatePhenologyObservation,
} from './phenology.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.phenologyView);
const capture = permissionPolicy(PERMISSIONS.phenologyCapture);
const tags = ['phenology'];
const params = fieldReadingIdParamsSchema;

export const phenologyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PHENOLOGY_PATHS.observations,
    { config: view, schema: { tags, querystring: phenologyObservationsQuerySchema, response: { 200: phenologyObservationsResponseSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => listPhenologyObservations(app.db, requireTenant(request), request.query),
  );
  app.post(
    PHENOLOGY_PATHS.observations,
    {
      config: capture,
      schema: {
        tags,
        body: createPhenologyObservationBodySchema,
        response: { 200: phenologyObservationSchema, 201: phenologyObservationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { row, created } = await capturePhenologyObservation(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    PHENOLOGY_PATHS.observation,
    { config: capture, schema: { tags, params, body: updatePhenologyObservationBodySchema, response: { 200: phenologyObservationSchema, ...errorResponses(400, 401, 403, 404, 412) } } },
    async (request) => updatePhenologyObservation(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(
    PHENOLOGY_PATHS.observation,
    { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await deletePhenologyObservation(app.db, requireTenant(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
