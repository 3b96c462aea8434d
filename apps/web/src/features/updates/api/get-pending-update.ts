/**
 * GET /api/updates/pending: the system's scheduled update, if one is pending. System-wide and for
 * super users only, so it is not asked per organisation.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UPDATES_PATHS, pendingUpdateResponseSchema } from '@orchard/shared/updates';
import { apiRequest } from '../../../lib/api-client';

export const updateKeys = {
  pending: () => ['system', 'updates', 'pending'] as const,
};

export const getPendingUpdate = () => apiRequest(UPDATES_PATHS.pending, { schema: pendingUpdateResponseSchema });

export const pendingUpdateQueryOptions = () => queryOptions({ queryKey: updateKeys.pending(), queryFn: getPendingUpdate });

export function usePendingUpdate() {
  return useQuery(pendingUpdateQueryOptions());
}
