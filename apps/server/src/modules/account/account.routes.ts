/** The signed-in user's own account: changing their password. */
import { ACCOUNT_PATHS, REFRESH_COOKIE, changePasswordBodySchema } from '@orchard/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import { requireAuth } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../shell/schemas';
import { changeOwnPassword, type ReplacementSession } from './account.service';

/** Where the token endpoint scopes the refresh cookie (see modules/auth/auth.routes.ts). */
const REFRESH_COOKIE_PATH = '/connect';

/** Sets the replacement session of a password change as the refresh cookie (as the token endpoint does). */
export function setReplacementRefreshCookie(reply: FastifyReply, config: AppConfig, replacement: ReplacementSession): void {
  reply.setCookie(REFRESH_COOKIE, replacement.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    path: REFRESH_COOKIE_PATH,
    ...(replacement.rememberMe ? { maxAge: Math.max(0, Math.round((replacement.expiresAt.getTime() - Date.now()) / 1000)) } : {}),
  });
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ACCOUNT_PATHS.password,
    {
      config: {
        auth: 'authenticated',
        tenant: false,
        // per user, on this instance: slows guessing the current password with a stolen access token
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (request) => `account-password:${request.auth?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['account'],
        summary: 'Change your own password; ends your other sessions',
        body: changePasswordBodySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 412, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const replacement = await changeOwnPassword(
        app.db,
        app.config,
        userId,
        request.body,
        request.cookies[REFRESH_COOKIE] || undefined,
      );
      if (replacement) setReplacementRefreshCookie(reply, app.config, replacement);
      return reply.code(204).send();
    },
  );
};
