/** DELETE /api/users/:id (users.manage; never yourself). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userKeys, userPath } from './keys';

export const deleteUser = (id: number) =>
  apiRequest(userPath(USERS_PATHS.user, id), { method: 'DELETE', tenant: true, responseType: 'none' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: deleteUser,
    // the row leaves the list only after the server has deleted it
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
  });
}
