/** The attention list: items that need the signed-in user's decision, and their decisions. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attentionRoutes } from './attention.routes';

export const attentionModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(attentionRoutes);
};
