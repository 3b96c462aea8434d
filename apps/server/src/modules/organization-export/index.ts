/** Organisation data export: everything the organisation owns as one zip archive, for its administrators. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationExportRoutes } from './organization-export.routes';

export const organizationExportModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(organizationExportRoutes);
};
