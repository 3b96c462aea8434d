/**
 * Pest dashboard API (shared pest-dashboard/pest-dashboard.ts): the Farm filter, the four panels of a chosen
 * day and the season at a glance. The dashboard needs dashboard.pest; the season at a glance any
 * member (each of its parts only for those who may see it). All inside the current organisation.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  PEST_DASHBOARD_PATHS,
  pestDashboardFarmsResponseSchema,
  pestDashboardQuerySchema,
  pestDashboardResponseSchema,
  seasonAtAGlanceResponseSchema,
} from '@orchard/shared/pest-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import { getDashboard, listFarms } from './pest-dashboard.service';
import { getSeasonAtAGlance } from './season.service';
import { memberPolicy, permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.dashboardPest);
const member = memberPolicy;
const readErrors = errorResponses(400, 401, 403, 404);

export const pestDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PEST_DASHBOARD_PATHS.dashboard,
    { config: view, schema: { querystring: pestDashboardQuerySchema, response: { 200: pestDashboardResponseSchema, ...readErrors } } },
    async (request) => getDashboard(app.db, requireTenant(request), request.query, app.clock.now()),
  );

  app.get(
    PEST_DASHBOARD_PATHS.farms,
    { config: view, schema: { response: { 200: pestDashboardFarmsResponseSchema, ...readErrors } } },
    async (request) => listFarms(app.db, requireTenant(request)),
  );

  app.get(
    PEST_DASHBOARD_PATHS.season,
    { config: member, schema: { response: { 200: seasonAtAGlanceResponseSchema, ...readErrors } } },
    async (request) => getSeasonAtAGlance(app.db, requireTenant(request), app.clock.now()),
  );

};
