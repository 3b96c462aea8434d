/** GET /api/updates/pending: the system's scheduled update, if one is pending. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UPDATES_PATHS, pendingUpdateResponseSchema } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

export const updateKeys = {
  pending: (organizationId: number | null) => ['org', organizationId, 'updates', 'pending'] as const,
};

export const getPendingUpdate = () => apiRequest(UPDATES_PATHS.pending, { tenant: true, schema: pendingUpdateResponseSchema });

export const pendingUpdateQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: updateKeys.pending(organizationId), queryFn: getPendingUpdate, enabled: organizationId != null });

export function usePendingUpdate() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(pendingUpdateQueryOptions(organizationId));
}
