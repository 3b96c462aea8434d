/** Health: the liveness and readiness probes for load balancers and orchestrators. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health.routes';

export const healthModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
};
