/**
 * Pest thresholds API (shared pest-thresholds/pest-thresholds.ts): the organisation's action thresholds per pest
 * and trap-count thresholds, read and saved with dashboard.thresholds inside the current
 * organisation. The pest dashboard reads them through loadThresholds.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { PEST_THRESHOLDS_PATH, pestThresholdsResponseSchema, savePestThresholdsBodySchema } from '@orchard/shared/pest-thresholds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import { getThresholds, saveThresholds } from './pest-thresholds.service';
import { permissionPolicy } from '../../http/policies';

const thresholds = permissionPolicy(PERMISSIONS.dashboardThresholds);

export const pestThresholdsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PEST_THRESHOLDS_PATH,
    { config: thresholds, schema: { response: { 200: pestThresholdsResponseSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getThresholds(app.db, requireTenant(request).organizationId),
  );

  app.put(
    PEST_THRESHOLDS_PATH,
    {
      config: thresholds,
      schema: { body: savePestThresholdsBodySchema, response: { 200: pestThresholdsResponseSchema, ...errorResponses(400, 401, 403, 404, 412) } },
    },
    async (request) => saveThresholds(app.db, requireTenant(request), request.body),
  );
};
