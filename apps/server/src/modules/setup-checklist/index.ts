/** Setup checklist: what a new organisation still lacks before its first harvest report and picking row. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupChecklistRoutes } from './setup-checklist.routes';

export const setupChecklistModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(setupChecklistRoutes);
};
