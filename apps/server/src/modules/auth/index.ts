/**
 * Auth: sign-in, refresh and sign-out, and the session store (refresh-token families) other areas
 * use through the functions exported here: Change Password and password reset end sessions and
 * count wrong passwords by the same rules.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth.routes';

export { clearWrongPasswords, countWrongPassword, findPresentedRefreshToken, startSession } from './auth.service';
export { presentedRefreshToken, setRefreshCookie } from './refresh-cookie';
export { revokeRefreshTokens } from './refresh-token-revocation';

export const authModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
};
