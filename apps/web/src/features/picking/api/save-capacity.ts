/** PUT /api/picking/capacities/:packhouseId: the changed capacity weeks of one packhouse, all or nothing. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PICKING_PATHS, capacityRowSchema, type CapacitySaveBody } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { capacityKeys } from './get-capacities';

export const saveCapacity = (organizationId: number, packhouseId: number, body: CapacitySaveBody) =>
  apiRequest(PICKING_PATHS.packhouseCapacity.replace(':packhouseId', String(packhouseId)), {
    method: 'PUT',
    body,
    tenant: organizationId,
    schema: capacityRowSchema,
  });

export function useSaveCapacity() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: ({ packhouseId, body }: { packhouseId: number; body: CapacitySaveBody }) => saveCapacity(organizationId as number, packhouseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capacityKeys.all(organizationId) }),
  });
}
