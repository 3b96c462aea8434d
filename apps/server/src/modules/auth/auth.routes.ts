/**
 * The token endpoint (password and refresh-token grants) and logout. Browsers carry the refresh
 * token in an httpOnly, SameSite=Strict cookie scoped to /connect; other clients may send it in the
 * body instead.
 */
import { AUTH_PATHS, tokenBodySchema, tokenResponseSchema } from '@orchard/shared/auth';
import { MAX_STRING } from '@orchard/shared/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { errorResponses } from '../../http/schemas';
import { AppError, forbidden } from '../../lib/errors';
import { refreshSession, revokeSession, signInWithPassword, type IssuedSession } from './auth.service';
import { clearRefreshCookie, presentedRefreshToken, setRefreshCookie } from './refresh-cookie';
import { publicPolicy } from '../../http/policies';

export const logoutBodySchema = z
  .object({
    /** optional: browsers send the httpOnly cookie instead */
    refresh_token: z.string().max(MAX_STRING).optional(),
  })
  // no body at all arrives as null
  .nullish();

/**
 * True for a browser request sent from another site: a form posted to the token endpoint from
 * elsewhere could otherwise sign the visitor in as someone else (login CSRF). Browsers say where a
 * request comes from (Sec-Fetch-Site, else Origin); other clients send neither and are not affected.
 */
export function isCrossSiteRequest(request: FastifyRequest, config: AppConfig): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  const allowed = new Set([new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`]);
  return !allowed.has(origin);
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;

  // this plugin's routes only (it is encapsulated)
  app.addHook('preValidation', async (request) => {
    if (isCrossSiteRequest(request, config)) throw forbidden('Cross-site requests cannot sign in or out', 'cross-site-request');
  });

  app.post(
    AUTH_PATHS.token,
    {
      config: publicPolicy,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password, or exchange a refresh token for new tokens',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: tokenBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      let session: IssuedSession;
      if (body.grant_type === 'password') {
        session = await signInWithPassword(db, config, {
          username: body.username,
          password: body.password,
          rememberMe: body.remember_me,
          clientFlag: body.path ?? null,
          ip: request.ip ?? null,
        });
      } else {
        try {
          session = await refreshSession(db, config, presentedRefreshToken(request, body.refresh_token), app.clock.now());
        } catch (err) {
          if (err instanceof AppError && err.code === 'UNAUTHENTICATED') clearRefreshCookie(reply, config);
          throw err;
        }
      }
      setRefreshCookie(reply, config, session);
      return session.response;
    },
  );

  app.post(
    AUTH_PATHS.logout,
    {
      config: publicPolicy,
      schema: {
        tags: ['auth'],
        summary: 'End the session: revokes the refresh token family and clears the cookie',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: logoutBodySchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      await revokeSession(db, presentedRefreshToken(request, request.body?.refresh_token), app.clock.now());
      clearRefreshCookie(reply, config);
      return reply.status(204).send(null);
    },
  );
}
