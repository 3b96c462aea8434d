/** POST /api/packhouses: link an existing packhouse (id) or create a new one (name, short name). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PACKHOUSES_PATHS, managedPackhouseSchema, type AddPackhouseBody } from '@orchard/shared/packhouses';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { packhousesChanged } from './packhouses-changed';

export const addPackhouse = (organizationId: number, body: AddPackhouseBody) =>
  apiRequest(PACKHOUSES_PATHS.list, { method: 'POST', body, tenant: organizationId, schema: managedPackhouseSchema });

/** Every query listing the packhouses is refreshed (packhouses-changed.ts). */
export function useAddPackhouse() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (body: AddPackhouseBody) => addPackhouse(organizationId as number, body),
    onSuccess: () => packhousesChanged(queryClient, organizationId),
  });
}
