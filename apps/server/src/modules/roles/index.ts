/** Roles: the organisation's roles and their permissions, and the guard that no one grants more than they hold. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesRoutes } from './roles.routes';

export { findUserOrganizationIds, findUserPermissions, keepingFullMember, lockOrganizations, permissionsLacking } from './privilege-guard';

export const rolesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(rolesRoutes);
};
