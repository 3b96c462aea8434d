/** DELETE /api/packhouses/:id: remove a packhouse from the organisation's list (409 when the server refuses). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PACKHOUSES_PATHS } from '@orchard/shared/packhouses';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { packhousesChanged } from './packhouses-changed';

export const removePackhouse = (organizationId: number, id: number) =>
  apiRequest(PACKHOUSES_PATHS.one.replace(':id', String(id)), { method: 'DELETE', tenant: organizationId, responseType: 'none' });

export function useRemovePackhouse() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (id: number) => removePackhouse(organizationId as number, id),
    onSuccess: () => packhousesChanged(queryClient, organizationId),
  });
}
