/** Pest dashboard: its four panels and the season at a glance. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pestDashboardRoutes } from './pest-dashboard.routes';

export const pestDashboardModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(pestDashboardRoutes);
};
