/** Pest dashboard: its four panels, the season at a glance, and the organisation's thresholds. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pestDashboardRoutes } from './pest-dashboard.routes';

export const pestDashboardModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(pestDashboardRoutes);
};
