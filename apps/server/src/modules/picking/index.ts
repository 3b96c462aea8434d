/** The picking area's API: schedules by PUC, producer and packhouse views, capacity and exports. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickingRoutes } from './picking.routes';

export { loadCapacityRows } from './capacity.service';

export const pickingModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(pickingRoutes);
};
