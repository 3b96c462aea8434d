/** Organisations: the platform's organisations with their counts (super users only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationsRoutes } from './organizations.routes';

export const organizationsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(organizationsRoutes);
};
