/**
 * PUT /api/pest-dashboard/thresholds: replaces the whole set, naming the version it was based on
 * (0: the defaults); 412 when someone saved in between. The answer is the set as now stored; every
 * other view of the organisation (the pest dashboard) reads its data again when next shown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PEST_THRESHOLDS_PATH, pestThresholdsResponseSchema, type SavePestThresholdsBody } from '@orchard/shared/pest-thresholds';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pestThresholdsKeys } from './keys';

export function useSaveThresholds() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (body: SavePestThresholdsBody) =>
      apiRequest(PEST_THRESHOLDS_PATH, { method: 'PUT', body, tenant: organizationId as number, schema: pestThresholdsResponseSchema }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['org', organizationId], refetchType: 'none' });
      queryClient.setQueryData(pestThresholdsKeys.set(organizationId), saved);
    },
  });
}
