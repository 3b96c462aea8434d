/** Product updates: scheduling the system's next update file (Upload Update). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updatesRoutes } from './updates.routes';

export const updatesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(updatesRoutes);
};
