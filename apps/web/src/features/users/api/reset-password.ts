/** POST /api/users/:id/password-reset: mails the user a one-time link; answers the address. */
import { useMutation } from '@tanstack/react-query';
import { USERS_PATHS, passwordResetResponseSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userPath } from './keys';

export const requestPasswordReset = (organizationId: number, id: number) =>
  apiRequest(userPath(USERS_PATHS.passwordReset, id), { method: 'POST', tenant: organizationId, schema: passwordResetResponseSchema });

export function useRequestPasswordReset() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({ mutationFn: (id: number) => requestPasswordReset(organizationId as number, id) });
}
