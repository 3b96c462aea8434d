/** Roles of the current organisation (settings, roles tab). */
import { INT_MAX, PERMISSIONS } from '@orchard/shared/core';
import {
  ROLES_PATHS,
  ROLE_MESSAGES,
  roleBodySchema,
  roleIdParamsSchema,
  roleSchema,
  rolesQuerySchema,
  rolesResponseSchema,
  updateRoleBodySchema,
} from '@orchard/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationFailed } from '../../lib/errors';
import { requireTenant } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service';
import { permissionPolicy } from '../../http/policies';

const etag = (version: number) => `"${version}"`;

/** The version a save is based on: If-Match ("3", W/"3" or 3) wins over the body's version. */
function expectedVersion(request: FastifyRequest, bodyVersion: number | undefined): number {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '') {
    const match = /^(?:W\/)?"?(\d{1,10})"?$/.exec(header.trim());
    const version = match ? Number(match[1]) : NaN;
    if (Number.isInteger(version) && version > 0 && version <= INT_MAX) return version;
    throw validationFailed(ROLE_MESSAGES.versionRequired, [{ field: 'If-Match', message: ROLE_MESSAGES.versionRequired }]);
  }
  if (bodyVersion === undefined) {
    throw validationFailed(ROLE_MESSAGES.versionRequired, [{ field: 'version', message: ROLE_MESSAGES.versionRequired }]);
  }
  return bodyVersion;
}

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ROLES_PATHS.roles,
    {
      config: permissionPolicy(PERMISSIONS.rolesView),
      schema: {
        tags: ['roles'],
        summary: 'Roles of the current organisation (with users counts) and the permission catalogue',
        querystring: rolesQuerySchema,
        response: { 200: rolesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listRoles(app.db, requireTenant(request).organizationId, request.query),
  );

  app.get(
    ROLES_PATHS.role,
    {
      config: permissionPolicy(PERMISSIONS.rolesView),
      schema: {
        tags: ['roles'],
        params: roleIdParamsSchema,
        response: { 200: roleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const role = await getRole(app.db, requireTenant(request).organizationId, request.params.id);
      reply.header('etag', etag(role.version));
      return role;
    },
  );

  app.post(
    ROLES_PATHS.roles,
    {
      config: permissionPolicy(PERMISSIONS.rolesManage),
      schema: {
        tags: ['roles'],
        body: roleBodySchema,
        response: { 201: roleSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const role = await createRole(app.db, requireTenant(request), request.body);
      return reply.code(201).header('etag', etag(role.version)).send(role);
    },
  );

  app.put(
    ROLES_PATHS.role,
    {
      config: permissionPolicy(PERMISSIONS.rolesManage),
      schema: {
        tags: ['roles'],
        params: roleIdParamsSchema,
        body: updateRoleBodySchema,
        response: { 200: roleSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const role = await updateRole(app.db, requireTenant(request), request.params.id, {
        ...input,
        version: expectedVersion(request, version),
      });
      reply.header('etag', etag(role.version));
      return role;
    },
  );

  app.delete(
    ROLES_PATHS.role,
    {
      config: permissionPolicy(PERMISSIONS.rolesManage),
      schema: {
        tags: ['roles'],
        params: roleIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteRole(app.db, requireTenant(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
