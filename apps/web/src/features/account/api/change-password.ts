/** POST /api/account/password: 204 on success (the server also ends the user's other sessions). */
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_PATHS, type ChangePasswordBody } from '@orchard/shared/account';
import { apiRequest } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest(ACCOUNT_PATHS.password, { method: 'POST', body, responseType: 'none' });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
