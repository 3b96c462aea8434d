/** POST /api/password-resets (public): sets the new password with the link, once. */
import { useMutation } from '@tanstack/react-query';
import { USERS_PATHS, type CompletePasswordResetBody } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';

export const completePasswordReset = (body: CompletePasswordResetBody) =>
  apiRequest(USERS_PATHS.passwordResets, { method: 'POST', auth: false, body, responseType: 'none' });

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
