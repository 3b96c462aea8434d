/** Settings: the users tab. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersRoutes } from './users.routes';

export const usersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(usersRoutes);
};
