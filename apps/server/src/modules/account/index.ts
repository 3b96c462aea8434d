/** Account: the signed-in user's own password change. Users' editor changes passwords by the same rules. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account.routes';

export { applyPasswordChange, presentedFamily, verifyCurrentPassword, type ReplacementSession } from './account.service';

export const accountModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
};
