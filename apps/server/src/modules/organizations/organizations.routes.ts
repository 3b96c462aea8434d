/**
 * Organisations API: the spec's "get organisations (returns organisations and counts)" behind the
 * Organisations list. Organisations span the whole platform, so the list is for super users only;
 * no organisation is needed and a role's permissions give no access (an X-Organization-Id header is
 * ignored), exactly as for the product update.
 */
import { ORGANIZATIONS_PATHS, organizationsQuerySchema, organizationsResponseSchema } from '@orchard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { listOrganizations } from './organizations.service';

const superUsers = { auth: 'superUser', tenant: false } as const;

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ORGANIZATIONS_PATHS.list,
    {
      config: superUsers,
      schema: { querystring: organizationsQuerySchema, response: { 200: organizationsResponseSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listOrganizations(app.db, request.query),
  );
};
