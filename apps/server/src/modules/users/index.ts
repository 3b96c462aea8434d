/** Settings: the users tab, password reset links, and the export log every CSV export writes to. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportsRoutes } from '../exports/exports.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { usersRoutes } from './users.routes';

export const usersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(usersRoutes);
  await app.register(passwordResetRoutes);
  await app.register(exportsRoutes);
};
