/** GET /api/password-resets/:token (public): is the link still usable? 404 when not. */
import { queryOptions } from '@tanstack/react-query';
import { USERS_PATHS, passwordResetTokenResponseSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';

export const checkResetToken = (token: string) =>
  apiRequest(USERS_PATHS.passwordResetToken.replace(':token', encodeURIComponent(token)), {
    auth: false,
    schema: passwordResetTokenResponseSchema,
  });

/** The key holds no token: the query cache must not keep the secret around under a readable key. */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', 'check'],
    queryFn: () => checkResetToken(token),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
