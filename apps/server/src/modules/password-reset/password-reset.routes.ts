/**
 * The public half of password resets: the page behind the mailed link checks the link, then sets
 * the new password with it. Both routes are rate limited per address (one shared budget), and the
 * check route logs only warnings, so the token in its path does not land in request logs.
 */
import {
  USERS_PATHS,
  completePasswordResetBodySchema,
  passwordResetTokenParamsSchema,
  passwordResetTokenResponseSchema,
} from '@orchard/shared/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { checkResetToken, completePasswordReset } from './password-reset.service';
import { publicPolicy } from '../../http/policies';

/** attempts per address per minute, over both routes */
export const PASSWORD_RESET_RATE_LIMIT = 30;

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.rateLimit({ max: PASSWORD_RESET_RATE_LIMIT, timeWindow: '1 minute' });

  app.get(
    USERS_PATHS.passwordResetToken,
    {
      config: publicPolicy,
      logLevel: 'warn',
      onRequest: limit,
      schema: {
        params: passwordResetTokenParamsSchema,
        response: { 200: passwordResetTokenResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => checkResetToken(app.db, request.params.token),
  );

  app.post(
    USERS_PATHS.passwordResets,
    {
      config: publicPolicy,
      onRequest: limit,
      schema: {
        body: completePasswordResetBodySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await completePasswordReset(app.db, request.body);
      return reply.code(204).send();
    },
  );
};
