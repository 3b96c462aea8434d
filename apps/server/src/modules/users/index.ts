/** Settings: the users tab. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersRoutes } from './users.routes';

/** For other areas that make accounts (an organisation's invited first administrator). */
export { insertUser, isSignInNameTaken, isUserNameIndexViolation } from './user-accounts.repository';

export const usersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(usersRoutes);
};
