/** Pest thresholds: the organisation's action and trap-count thresholds the pest dashboard draws. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pestThresholdsRoutes } from './pest-thresholds.routes';

export { loadThresholds } from './pest-thresholds.service';

export const pestThresholdsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(pestThresholdsRoutes);
};
