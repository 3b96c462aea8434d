/** Liveness and readiness probes for load balancers and orchestrators. Public and served during
 * maintenance: they report whether the process and its database work, not whether users may. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { pingDatabase } from './health.repository';
import { publicPolicy } from '../../http/policies';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { ...publicPolicy, allowInMaintenance: true },
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { ...publicPolicy, allowInMaintenance: true },
      schema: { response: { 200: z.object({ status: z.literal('ready') }), ...errorResponses(503) } },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed: database did not answer');
        // ERROR_CODES has no "unavailable" code yet; the status is what probes act on.
        return reply.code(503).send({
          error: { code: 'UNAVAILABLE', message: 'The service is not ready', reason: 'not-ready' },
          requestId: request.id,
        });
      }
      return { status: 'ready' as const };
    },
  );
};
