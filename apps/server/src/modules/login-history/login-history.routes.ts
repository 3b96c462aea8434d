/**
 * Login history API (docs/domain.md, Login History): the Area and Roles filter options, the rows at the published path and their CSV
 * export. Every route needs management.loginHistory and works inside the current organisation.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  LOGIN_HISTORY_PATHS,
  loginHistoryAreasResponseSchema,
  loginHistoryQuerySchema,
  loginHistoryResponseSchema,
  loginHistoryRolesResponseSchema,
} from '@orchard/shared/login-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { exportLoginHistory, getLoginHistory, listAreas, listRoles } from './login-history.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.managementLoginHistory);
const readErrors = errorResponses(400, 401, 403, 404);

export const loginHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    LOGIN_HISTORY_PATHS.areas,
    { config: view, schema: { response: { 200: loginHistoryAreasResponseSchema, ...readErrors } } },
    async (request) => listAreas(app.db, requireTenant(request)),
  );

  app.get(
    LOGIN_HISTORY_PATHS.roles,
    { config: view, schema: { response: { 200: loginHistoryRolesResponseSchema, ...readErrors } } },
    async (request) => listRoles(app.db, requireTenant(request).organizationId),
  );

  app.get(
    LOGIN_HISTORY_PATHS.history,
    { config: view, schema: { querystring: loginHistoryQuerySchema, response: { 200: loginHistoryResponseSchema, ...readErrors } } },
    async (request) => getLoginHistory(app.db, requireTenant(request), request.query, app.clock.now()),
  );

  app.get(
    LOGIN_HISTORY_PATHS.export,
    {
      config: view,
      schema: {
        querystring: loginHistoryQuerySchema,
        response: { 200: z.any().describe('text/csv attachment: User, User Name, Week Count, Month Count, Last 3 Months, Last Login Date'), ...readErrors },
      },
    },
    async (request, reply) =>
      reply.sendCsvExport(await exportLoginHistory(app.db, requireTenant(request), request.query, app.clock.now(), request.url)),
  );
};
