/** Settings: the users tab and password reset links. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetRoutes } from './password-reset.routes';
import { usersRoutes } from './users.routes';

export const usersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(usersRoutes);
  await app.register(passwordResetRoutes);
};
