/** The signed-in user's shell: profile, organisations and switching, permissions, landing page,
 * farms and roles in the current organisation (docs/domain.md, After sign-in, Switching organisation). */
import {
  SHELL_PATHS,
  currentUserSchema,
  defaultPageSchema,
  organizationSchema,
  permissionsResponseSchema,
  setDefaultOrganizationBodySchema,
  userFarmsResponseSchema,
  userRolesResponseSchema,
} from '@orchard/shared/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireTenant } from '../../plugins/access';
import {
  getCurrentUser,
  getMyOrganizationByName,
  listMyFarms,
  listMyOrganizations,
  listMyPermissions,
  listMyRoles,
  setDefaultOrganization,
} from './me.service';
import { getDefaultPage } from './menu.service';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { memberPolicy, signedInPolicy } from '../../http/policies';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SHELL_PATHS.me,
    {
      config: signedInPolicy,
      schema: { response: { 200: currentUserSchema, ...errorResponses(401) } },
    },
    async (request) => getCurrentUser(app.db, requireAuth(request).userId),
  );

  app.get(
    SHELL_PATHS.organizations,
    {
      config: signedInPolicy,
      schema: { response: { 200: z.array(organizationSchema), ...errorResponses(401) } },
    },
    async (request) => listMyOrganizations(app.db, requireAuth(request).userId),
  );

  app.put(
    SHELL_PATHS.defaultOrganization,
    {
      config: signedInPolicy,
      schema: {
        body: setDefaultOrganizationBodySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await setDefaultOrganization(app.db, requireAuth(request).userId, request.body.organizationId);
      return reply.code(204).send();
    },
  );

  app.get(
    SHELL_PATHS.permissions,
    {
      config: memberPolicy,
      schema: { response: { 200: permissionsResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => listMyPermissions(requireTenant(request).permissions),
  );

  app.get(
    SHELL_PATHS.defaultPage,
    {
      config: memberPolicy,
      schema: { response: { 200: defaultPageSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => getDefaultPage(app.db, requireTenant(request)),
  );

  app.get(
    SHELL_PATHS.farms,
    {
      config: memberPolicy,
      schema: { response: { 200: userFarmsResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      const { userId, organizationId } = requireTenant(request);
      return listMyFarms(app.db, userId, organizationId);
    },
  );

  app.get(
    SHELL_PATHS.roles,
    {
      config: memberPolicy,
      schema: { response: { 200: userRolesResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      const { userId, organizationId } = requireTenant(request);
      return listMyRoles(app.db, userId, organizationId);
    },
  );

  app.get(
    SHELL_PATHS.organizationByName,
    {
      config: signedInPolicy,
      schema: {
        params: z.object({ name: z.string().trim().min(1).max(200) }),
        response: { 200: organizationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getMyOrganizationByName(app.db, requireAuth(request).userId, request.params.name),
  );
};
