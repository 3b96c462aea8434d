/** POST /api/export-logs: exports built in the browser log themselves here. */
import { EXPORTS_PATHS, createExportLogBodySchema, exportLogSchema } from '@orchard/shared/exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { recordBrowserExport } from './exports.service';
import { memberPolicy } from '../../http/policies';

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    EXPORTS_PATHS.exportLogs,
    {
      config: memberPolicy,
      schema: {
        body: createExportLogBodySchema,
        response: { 201: exportLogSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { userId, organizationId } = requireTenant(request);
      return reply.code(201).send(await recordBrowserExport(app.db, { userId, organizationId }, request.body));
    },
  );
};
