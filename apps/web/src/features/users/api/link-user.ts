/** POST /api/users/:id/link: make an existing system user a member here (users.linkOrganisation). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS, userSchema } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userKeys, userPath } from './keys';

export const linkUser = (id: number) => apiRequest(userPath(USERS_PATHS.link, id), { method: 'POST', tenant: true, schema: userSchema });

export function useLinkUser() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: linkUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
  });
}
