/** POST /api/users/:id/unblock (users.manage). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS, userSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userKeys, userPath } from './keys';

export const unblockUser = (organizationId: number, id: number) =>
  apiRequest(userPath(USERS_PATHS.unblock, id), { method: 'POST', tenant: organizationId, schema: userSchema });

export function useUnblockUser() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (id: number) => unblockUser(organizationId as number, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
  });
}
