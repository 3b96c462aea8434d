/** Release notes: the newest note the signed-in user has not dismissed, and dismissing one. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { releaseNotesRoutes } from './release-notes.routes';

export const releaseNotesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(releaseNotesRoutes);
};
