/** Liveness and readiness probes for load balancers and orchestrators. Public and served during
 * maintenance: they report whether the process and its database work, not whether users may.
 * Readiness fails as soon as the app starts closing (SIGTERM: server.ts), so a load balancer stops
 * sending requests while those in flight finish. While the server starts, startup-probe.ts answers
 * them (docs/monitoring.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { pingDatabase } from './health.repository';
import { publicPolicy } from '../../http/policies';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // preClose comes first when the app closes, before it stops listening and drains
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

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
      // ERROR_CODES has no "unavailable" code yet; the status is what probes act on.
      const notReady = () =>
        reply.code(503).send({
          error: { code: 'UNAVAILABLE', message: 'The service is not ready', reason: 'not-ready' },
          requestId: request.id,
        });
      if (closing) return notReady();
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed: database did not answer');
        return notReady();
      }
      return { status: 'ready' as const };
    },
  );
};
