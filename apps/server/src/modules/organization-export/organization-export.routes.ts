/**
 * Organisation data export API (docs/domain.md, Organisation data export): what the archive holds,
 * and the archive. Both need management.organisationData (the Administrators) and work inside the
 * current organisation: another organisation's id answers 404 (plugins/access), a member without
 * the permission 403.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { ORGANIZATION_EXPORT_PATHS, organizationExportContentsSchema } from '@orchard/shared/organization-export';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { permissionPolicy } from '../../http/policies';
import { requireTenant } from '../../plugins/access';
import { getExportContents, openOrganizationArchive } from './organization-export.service';

const administrators = permissionPolicy(PERMISSIONS.managementOrganisationData);
const readErrors = errorResponses(401, 403, 404);

export const organizationExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ORGANIZATION_EXPORT_PATHS.contents,
    { config: administrators, schema: { response: { 200: organizationExportContentsSchema, ...readErrors } } },
    async (request) => getExportContents(app.db, requireTenant(request).organizationId),
  );

  app.get(
    ORGANIZATION_EXPORT_PATHS.archive,
    {
      config: administrators,
      schema: { response: { 200: z.any().describe('application/zip attachment: one CSV per table and manifest.json'), ...readErrors } },
    },
    async (request, reply) => {
      const { userId, organizationId } = requireTenant(request);
      const { fileName, stream } = await openOrganizationArchive(app.db, { userId, organizationId, url: request.url, now: app.clock.now() });
      // the status has gone with the first byte: a table that cannot be read ends the download, said here
      stream.on('error', (err) => request.log.error({ err }, 'organisation data export failed part way'));
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
    },
  );
};
