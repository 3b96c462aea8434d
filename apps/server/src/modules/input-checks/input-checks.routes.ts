/**
 * Input checks API (docs/domain.md, Input checks): GET /api/Management/GetFarmInputChecks?organizationId=,
 * served case-insensitively, and its CSV (GET /api/input-checks/export?organizationId=), for
 * management.inputChecks in the current organisation.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { INPUT_CHECKS_PATHS, farmInputChecksQuerySchema, farmInputChecksResponseSchema } from '@orchard/shared/input-checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import { exportFarmInputChecks, getFarmInputChecks } from './input-checks.service';
import { permissionPolicy } from '../../http/policies';

export const inputChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    INPUT_CHECKS_PATHS.farmInputChecks,
    {
      config: permissionPolicy(PERMISSIONS.managementInputChecks),
      schema: { tags: ['input-checks'], querystring: farmInputChecksQuerySchema, response: { 200: farmInputChecksResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getFarmInputChecks(app.db, requireTenant(request), request.query.organizationId, app.clock.now()),
  );

  app.get(
    INPUT_CHECKS_PATHS.export,
    {
      config: permissionPolicy(PERMISSIONS.managementInputChecks),
      schema: {
        tags: ['input-checks'],
        querystring: farmInputChecksQuerySchema,
        response: {
          200: z.any().describe('text/csv attachment: Farm, then Last and Oldest (whole days or No Data) of Tensio, Water Applied, Pheno and Scouting'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      reply.sendCsvExport(await exportFarmInputChecks(app.db, requireTenant(request), request.query.organizationId, app.clock.now(), request.url)),
  );
};
