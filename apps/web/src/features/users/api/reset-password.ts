/** POST /api/users/:id/password-reset: mails the user a one-time link; answers the address. */
import { useMutation } from '@tanstack/react-query';
import { USERS_PATHS, passwordResetResponseSchema } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { userPath } from './keys';

export const requestPasswordReset = (id: number) =>
  apiRequest(userPath(USERS_PATHS.passwordReset, id), { method: 'POST', tenant: true, schema: passwordResetResponseSchema });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
