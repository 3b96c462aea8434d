/** Packhouse management: the organisation's packhouses, linking, creating and removing them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packhousesRoutes } from './packhouses.routes';

export const packhousesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(packhousesRoutes);
};
