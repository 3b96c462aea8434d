/** Spray products and export markets (Management > Spray Products); the organisation wizard copies them through copySprayData. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sprayRoutes } from './spray.routes';

export { copySprayData, hasSprayData } from './spray.repository';

export const sprayModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(sprayRoutes);
};
