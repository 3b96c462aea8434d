/**
 * The status the browser polls during maintenance (public, served while the system is down), so
 * that the maintenance screen sees the switch at once.
 */
import { SHELL_PATHS, systemStatusSchema } from '@orchard/shared/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSystemStatus } from './maintenance.service';
import { publicPolicy } from '../../http/policies';

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SHELL_PATHS.systemStatus,
    {
      config: { ...publicPolicy, allowInMaintenance: true },
      schema: { response: { 200: systemStatusSchema } },
    },
    async () => getSystemStatus(app.db),
  );
};
