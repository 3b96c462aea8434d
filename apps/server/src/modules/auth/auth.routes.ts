/**
 * The token endpoint (password and refresh-token grants) and logout. Browsers carry the refresh
 * token in an httpOnly, SameSite=Strict cookie scoped to /connect; other clients may send it in the
 * body instead.
 */
import { AUTH_PATHS, MAX_STRING, REFRESH_COOKIE, errorEnvelopeSchema, tokenBodySchema, tokenResponseSchema } from '@orchard/shared';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/errors';
import { refreshSession, revokeSession, signInWithPassword, type IssuedSession } from './auth.service';

const COOKIE_PATH = '/connect';

export const logoutBodySchema = z
  .object({
    /** optional: browsers send the httpOnly cookie instead */
    refresh_token: z.string().max(MAX_STRING).optional(),
  })
  // no body at all arrives as null
  .nullish();

function cookieOptions(config: AppConfig): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', secure: config.cookieSecure, path: COOKIE_PATH };
}

/** Persistent only with remember-me (lasting as long as the token); otherwise a session cookie. */
function setRefreshCookie(reply: FastifyReply, config: AppConfig, session: IssuedSession) {
  const options = cookieOptions(config);
  if (session.rememberMe) {
    options.maxAge = Math.max(0, Math.round((session.expiresAt.getTime() - Date.now()) / 1000));
  }
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, options);
}

function clearRefreshCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

function presentedRefreshToken(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return fromBody || request.cookies[REFRESH_COOKIE] || undefined;
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;

  app.post(
    AUTH_PATHS.token,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password, or exchange a refresh token for new tokens',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: tokenBodySchema,
        response: {
          200: tokenResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
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
          session = await refreshSession(db, config, presentedRefreshToken(request, body.refresh_token));
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
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End the session: revokes the refresh token family and clears the cookie',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: logoutBodySchema,
        response: { 204: z.null().describe('No content'), 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await revokeSession(db, presentedRefreshToken(request, request.body?.refresh_token));
      clearRefreshCookie(reply, config);
      return reply.status(204).send(null);
    },
  );
}
