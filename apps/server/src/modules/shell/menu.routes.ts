/** The permission-filtered navigation menu of the current organisation (with the super-user-only
 * entries for a super user), and the same tree for an arbitrary permission set (the role editor's
 * landing-page picker). */
import { SHELL_PATHS, menuItemsByPermissionsBodySchema, menuResponseSchema } from '@orchard/shared/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTenant } from '../../plugins/access';
import { getMenu } from './menu.service';
import { errorResponses } from '../../http/schemas';
import { memberPolicy } from '../../http/policies';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SHELL_PATHS.menu,
    {
      config: memberPolicy,
      schema: { response: { 200: menuResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      const { permissions, isSuperUser } = requireTenant(request);
      return getMenu(app.db, permissions, isSuperUser);
    },
  );

  app.post(
    SHELL_PATHS.menuItemsByPermissions,
    {
      config: memberPolicy,
      schema: {
        body: menuItemsByPermissionsBodySchema,
        response: { 200: menuResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      requireTenant(request);
      // Unknown permission strings simply match no menu row; super-user-only entries belong to no role.
      return getMenu(app.db, new Set(request.body.permissions));
    },
  );
};
