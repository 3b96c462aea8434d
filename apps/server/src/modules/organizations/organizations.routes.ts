/**
 * Organisations API: "get organisations (returns organisations and counts)" behind the
 * Organisations list, and opening one of them. Organisations span the whole platform, so both are
 * for super users only; no organisation is needed and a role's permissions give no access (an
 * X-Organization-Id header is ignored), exactly as for the product update.
 */
import { idSchema } from '@orchard/shared/core';
import { ORGANIZATIONS_PATHS, organizationsQuerySchema, organizationsResponseSchema } from '@orchard/shared/organizations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { requireAuth } from '../../plugins/access';
import { listOrganizations, openOrganization } from './organizations.service';
import { superUserPolicy } from '../../http/policies';

const superUsers = superUserPolicy;

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ORGANIZATIONS_PATHS.list,
    {
      config: superUsers,
      schema: { querystring: organizationsQuerySchema, response: { 200: organizationsResponseSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listOrganizations(app.db, request.query),
  );

  app.post(
    ORGANIZATIONS_PATHS.open,
    {
      config: superUsers,
      schema: { params: z.object({ id: idSchema }), response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await openOrganization(app.db, requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
