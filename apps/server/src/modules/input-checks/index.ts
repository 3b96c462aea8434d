/** Input checks: how stale each farm's field records are. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inputChecksRoutes } from './input-checks.routes';

export { findStaleFarms } from './input-checks.service';

export const inputChecksModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(inputChecksRoutes);
};
