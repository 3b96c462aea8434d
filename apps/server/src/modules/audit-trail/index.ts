/** Audit trail: who changed what, recorded by the audited services in their own transactions, its list and CSV export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditTrailRoutes } from './audit-trail.routes';

export { auditChanges, recordAudit, type AuditActor, type AuditRecord } from './audit-trail.service';

export const auditTrailModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditTrailRoutes);
};
