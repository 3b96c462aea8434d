/**
 * Scouting API: list and read sessions with their observations (scouting.view); capture, edit and
 * delete them (scouting.capture). Inside the current organisation, on the farms assigned to the
 * caller there.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  SCOUTING_PATHS,
  createScoutingSessionBodySchema,
  fieldReadingIdParamsSchema,
  scoutingSessionSchema,
  scoutingSessionsQuerySchema,
  scoutingSessionsResponseSchema,
  updateScoutingSessionBodySchema,
} from '@orchard/shared/field-capture';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import { captureScoutingSession, deleteScoutingSession, getScoutingSession, listScoutingSessions, updateScoutingSession } from './scouting.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.scoutingView);
const capture = permissionPolicy(PERMISSIONS.scoutingCapture);
const tags = ['scouting'];
const params = fieldReadingIdParamsSchema;

export const scoutingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SCOUTING_PATHS.sessions,
    { config: view, schema: { tags, querystring: scoutingSessionsQuerySchema, response: { 200: scoutingSessionsResponseSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => listScoutingSessions(app.db, requireTenant(request), request.query),
  );
  app.get(
    SCOUTING_PATHS.session,
    { config: view, schema: { tags, params, response: { 200: scoutingSessionSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getScoutingSession(app.db, requireTenant(request), request.params.id),
  );
  app.post(
    SCOUTING_PATHS.sessions,
    {
      config: capture,
      schema: { tags, body: createScoutingSessionBodySchema, response: { 200: scoutingSessionSchema, 201: scoutingSessionSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      const { row, created } = await captureScoutingSession(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    SCOUTING_PATHS.session,
    { config: capture, schema: { tags, params, body: updateScoutingSessionBodySchema, response: { 200: scoutingSessionSchema, ...errorResponses(400, 401, 403, 404, 412) } } },
    async (request) => updateScoutingSession(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(
    SCOUTING_PATHS.session,
    { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await deleteScoutingSession(app.db, requireTenant(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
