/**
 * Password reset: the one-time links users.resetPassword mails (and a new organisation's invited
 * first administrator gets), and the public pages that use them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetRoutes } from './password-reset.routes';

export { queueResetLink, sendResetLink, type ResetLinkPurpose, type ResetLinkRecipient } from './password-reset.service';

export const passwordResetModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(passwordResetRoutes);
};
