/** DELETE /api/users/:id (users.manage; never yourself). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolesListKey } from '../../../lib/shared-query-keys';
import { userKeys, userPath } from './keys';

export const deleteUser = (organizationId: number, id: number) =>
  apiRequest(userPath(USERS_PATHS.user, id), { method: 'DELETE', tenant: organizationId, responseType: 'none' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (id: number) => deleteUser(organizationId as number, id),
    // the row leaves the list only after the server has deleted it
    // the Roles tab's user counts follow a change of who holds which role at once
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: rolesListKey(organizationId) }),
      ]),
  });
}
