/** Notifications: the bell's list, its live event stream, and notifyUsers for every area that tells someone something. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsRoutes } from './notifications.routes';

export { notifyUsers } from './notifications.service';

export const notificationsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(notificationsRoutes);
};
