/** Metrics: the Prometheus scrape endpoint for operators (docs/monitoring.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsRoutes } from './metrics.routes';

export const metricsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(metricsRoutes);
};
