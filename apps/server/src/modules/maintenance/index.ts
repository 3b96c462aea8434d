/** Maintenance: the status the browser polls while the system is down for an update. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maintenanceRoutes } from './maintenance.routes';

export const maintenanceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(maintenanceRoutes);
};
