/**
 * Farm operations API: the Farm filter options, the days with scouting, the sessions of a day and
 * their CSV export. Every route needs dashboard.farmOperations and works inside the current
 * organisation, on the farms assigned to the caller there.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  FARM_OPERATIONS_PATHS,
  farmOperationsExportQuerySchema,
  farmOperationsFarmsQuerySchema,
  farmOperationsFarmsResponseSchema,
  farmOperationsQuerySchema,
  farmOperationsResponseSchema,
  farmOperationsScoutedDatesResponseSchema,
} from '@orchard/shared/farm-operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { exportSessions, getSessions, listFarms, listScoutedDates } from './farm-operations.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.dashboardFarmOperations);
const readErrors = errorResponses(400, 401, 403, 404);

export const farmOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FARM_OPERATIONS_PATHS.farms,
    { config: view, schema: { response: { 200: farmOperationsFarmsResponseSchema, ...readErrors } } },
    async (request) => listFarms(app.db, requireTenant(request)),
  );

  app.get(
    FARM_OPERATIONS_PATHS.scoutedDates,
    { config: view, schema: { querystring: farmOperationsFarmsQuerySchema, response: { 200: farmOperationsScoutedDatesResponseSchema, ...readErrors } } },
    async (request) => listScoutedDates(app.db, requireTenant(request), request.query.farms),
  );

  app.get(
    FARM_OPERATIONS_PATHS.sessions,
    { config: view, schema: { querystring: farmOperationsQuerySchema, response: { 200: farmOperationsResponseSchema, ...readErrors } } },
    async (request) => getSessions(app.db, requireTenant(request), request.query),
  );

  app.get(
    FARM_OPERATIONS_PATHS.export,
    {
      config: view,
      schema: {
        querystring: farmOperationsExportQuerySchema,
        response: {
          200: z.any().describe('text/csv attachment: Scout Name, Farm, Block Name, Ha, Scout Date, Start Time, End Time, Total Minutes, Minutes per Ha'),
          ...readErrors,
        },
      },
    },
    async (request, reply) =>
      reply.sendCsvExport(await exportSessions(app.db, requireTenant(request), request.query, app.clock.now(), request.url)),
  );
};
