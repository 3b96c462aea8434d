/** Farm operations: scouting time per block for a day, the days with scouting, and the CSV export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { farmOperationsRoutes } from './farm-operations.routes';

export const farmOperationsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(farmOperationsRoutes);
};
