/** The packhouse side's lookups: producers, farms, PUCs, production blocks and varieties by a typed filter. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupRoutes } from './lookups.routes';

export const lookupsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(lookupRoutes);
};
