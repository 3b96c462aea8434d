/**
 * GET /metrics: the Prometheus text of plugins/metrics.ts, for a scraper holding METRICS_TOKEN as
 * its bearer token. Public in the route inventory (no user session: the token is the operator's),
 * served during maintenance, and off (404, like any unknown path) while no token is configured. The
 * token is compared in constant time: both sides are hashed to the same length first.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { publicPolicy } from '../../http/policies';
import { notFound, unauthenticated } from '../../lib/errors';
import { METRICS_PATH } from '../../plugins/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Does the Authorization header carry `token` as its bearer token? */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    METRICS_PATH,
    {
      config: { ...publicPolicy, allowInMaintenance: true },
      // the text format, sent as it is (a string answer is not serialised)
      schema: { hide: true, response: { 200: z.string(), ...errorResponses(401, 404) } },
    },
    async (request, reply) => {
      const token = app.config.metricsToken;
      if (!token) throw notFound('Route');
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthenticated();
      }
      return reply.type(app.metrics.contentType).send(await app.metrics.render());
    },
  );
};
