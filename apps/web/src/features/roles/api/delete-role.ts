/** DELETE /api/roles/:id */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLES_PATHS } from '@orchard/shared/roles';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/session-queries';
import { useSession } from '../../../lib/session/session-store';

export const deleteRole = (organizationId: number, id: number) =>
  apiRequest(ROLES_PATHS.role.replace(':id', String(id)), { method: 'DELETE', tenant: organizationId, responseType: 'none' });

export function useDeleteRole() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (id: number) => deleteRole(organizationId as number, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.roles(organizationId) });
    },
  });
}
