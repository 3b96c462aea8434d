/** POST /api/users/:id/link: make an existing system user a member here (users.linkOrganisation). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS, userSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolesListKey } from '../../../lib/shared-query-keys';
import { userKeys, userPath } from './keys';

export const linkUser = (organizationId: number, id: number) => apiRequest(userPath(USERS_PATHS.link, id), { method: 'POST', tenant: organizationId, schema: userSchema });

export function useLinkUser() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (id: number) => linkUser(organizationId as number, id),
    // the Roles tab's user counts follow a change of who holds which role at once
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: rolesListKey(organizationId) }),
      ]),
  });
}
