/**
 * Audit trail API (docs/domain.md, Audit trail): the filtered entries a page at a time and their CSV
 * export. Both need management.auditTrail and work inside the current organisation.
 */
import { AUDIT_TRAIL_PATHS, auditTrailExportQuerySchema, auditTrailQuerySchema, auditTrailResponseSchema } from '@orchard/shared/audit-trail';
import { PERMISSIONS } from '@orchard/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { permissionPolicy } from '../../http/policies';
import { requireTenant } from '../../plugins/access';
import { exportAuditTrail, getAuditTrail } from './audit-trail.service';

const view = permissionPolicy(PERMISSIONS.managementAuditTrail);
const readErrors = errorResponses(400, 401, 403, 404);

export const auditTrailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AUDIT_TRAIL_PATHS.list,
    { config: view, schema: { querystring: auditTrailQuerySchema, response: { 200: auditTrailResponseSchema, ...readErrors } } },
    async (request) => getAuditTrail(app.db, requireTenant(request), request.query),
  );

  app.get(
    AUDIT_TRAIL_PATHS.export,
    {
      config: view,
      schema: {
        querystring: auditTrailExportQuerySchema,
        response: { 200: z.any().describe('text/csv attachment: When, Who, Super User, Area, Action, Type, What, Changes'), ...readErrors },
      },
    },
    async (request, reply) =>
      reply.sendCsvExport(await exportAuditTrail(app.db, requireTenant(request), request.query, app.clock.now(), request.url)),
  );
};
