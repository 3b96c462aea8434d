/** The permission-filtered navigation menu of the current organisation, and the same tree for an
 * arbitrary permission set (the role editor's landing-page picker). */
import { SHELL_PATHS, menuItemsByPermissionsBodySchema, menuResponseSchema } from '@orchard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTenant } from '../../plugins/access';
import { getMenu } from './menu.service';
import { errorResponses } from './schemas';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SHELL_PATHS.menu,
    {
      config: { auth: 'authenticated', tenant: true },
      schema: { response: { 200: menuResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => getMenu(app.db, requireTenant(request).permissions),
  );

  app.post(
    SHELL_PATHS.menuItemsByPermissions,
    {
      config: { auth: 'authenticated', tenant: true },
      schema: {
        body: menuItemsByPermissionsBodySchema,
        response: { 200: menuResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      requireTenant(request);
      // Unknown permission strings simply match no menu row.
      return getMenu(app.db, new Set(request.body.permissions));
    },
  );
};
