/** The signed-in user's own account: changing their password. */
import { ACCOUNT_PATHS, changePasswordBodySchema } from '@orchard/shared/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { presentedRefreshToken, setRefreshCookie } from '../auth/index';
import { changeOwnPassword } from './account.service';
import { signedInPolicy } from '../../http/policies';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ACCOUNT_PATHS.password,
    {
      config: {
        ...signedInPolicy,
        // per user, on this instance: slows guessing; wrong passwords also count towards the account's lockout
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
      const replacement = await changeOwnPassword(app.db, app.config, requireAuth(request), request.body, presentedRefreshToken(request));
      if (replacement) setRefreshCookie(reply, app.config, replacement);
      return reply.code(204).send();
    },
  );
};
