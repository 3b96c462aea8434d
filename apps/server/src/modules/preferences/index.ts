/** Preferences: each user's theme, culture and other settings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesRoutes } from './preferences.routes';

export const preferencesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(preferencesRoutes);
};
