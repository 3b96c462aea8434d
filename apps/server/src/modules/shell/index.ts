/** The application shell's API: everything the browser loads around the feature areas. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blobRoutes } from './blob.routes';
import { menuRoutes } from './menu.routes';
import { meRoutes } from './me.routes';
import { systemRoutes } from './system.routes';

export { getMenu } from './menu.service';

export const shellModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(meRoutes);
  await app.register(menuRoutes);
  await app.register(blobRoutes);
  await app.register(systemRoutes);
};
