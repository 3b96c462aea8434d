/** Packhouse management API: list, suggest, add (link or create) and remove. Needs management.packhouses. */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  PACKHOUSES_PATHS,
  addPackhouseBodySchema,
  managedPackhouseSchema,
  managedPackhousesResponseSchema,
  packhouseIdParamsSchema,
  packhouseSuggestionsQuerySchema,
  packhouseSuggestionsResponseSchema,
} from '@orchard/shared/packhouses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { addPackhouse, listPackhouses, removePackhouse, suggestPackhouses } from './packhouses.service';
import { permissionPolicy } from '../../http/policies';

const manage = permissionPolicy(PERMISSIONS.managementPackhouses);

export const packhousesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PACKHOUSES_PATHS.list,
    { config: manage, schema: { response: { 200: managedPackhousesResponseSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => listPackhouses(app.db, requireTenant(request).organizationId),
  );

  app.get(
    PACKHOUSES_PATHS.suggestions,
    {
      config: manage,
      schema: { querystring: packhouseSuggestionsQuerySchema, response: { 200: packhouseSuggestionsResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => suggestPackhouses(app.db, requireTenant(request).organizationId, request.query.query),
  );

  app.post(
    PACKHOUSES_PATHS.list,
    {
      config: manage,
      schema: { body: addPackhouseBodySchema, response: { 201: managedPackhouseSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => reply.code(201).send(await addPackhouse(app.db, requireTenant(request), request.body)),
  );

  app.delete(
    PACKHOUSES_PATHS.one,
    {
      config: manage,
      schema: { params: packhouseIdParamsSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await removePackhouse(app.db, requireTenant(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
