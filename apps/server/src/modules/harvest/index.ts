/** The harvest area's API: reports, yield estimates and bin intake. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { harvestRoutes } from './harvest.routes';

export { getPucReport } from './harvest.service';

export const harvestModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(harvestRoutes);
};
