/**
 * Clear Cache and page-view recording (the maintenance status is the maintenance module's). Clear Cache
 * empties caches every organisation shares, so it is a platform action: super users only, whatever
 * their roles (system.clearCache gives no access, as system.update gives none to Upload Update); no
 * organisation is needed and an X-Organization-Id header is ignored.
 */
import { SHELL_PATHS, pageViewBodySchema } from '@orchard/shared/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { clearCaches, recordPageView } from './system.service';
import { memberPolicy, superUserPolicy } from '../../http/policies';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    SHELL_PATHS.dirtyCache,
    {
      config: superUserPolicy,
      schema: { response: { 204: noContentSchema, ...errorResponses(401, 403) } },
    },
    async (_request, reply) => {
      clearCaches(app);
      return reply.code(204).send();
    },
  );

  app.post(
    SHELL_PATHS.pageViews,
    {
      config: memberPolicy,
      schema: { body: pageViewBodySchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request, reply) => {
      const { userId, organizationId } = requireTenant(request);
      await recordPageView(app.db, { userId, organizationId, path: request.body.path }, { url: app.config.analyticsUrl, log: request.log });
      return reply.code(204).send();
    },
  );

};
