/** Farm setup: legal entities, farms, farm blocks, PUCs, production blocks, commodities and varieties an organisation keeps. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { farmSetupRoutes } from './farm-setup.routes';

export const farmSetupModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(farmSetupRoutes);
};
