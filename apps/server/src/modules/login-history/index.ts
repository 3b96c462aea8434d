/** Login history: sign-ins of the organisation's users by area and role, and their CSV export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginHistoryRoutes } from './login-history.routes';

export const loginHistoryModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(loginHistoryRoutes);
};
