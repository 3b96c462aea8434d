/** GET /api/pest-dashboard/thresholds: the organisation's set, or the citrus defaults (isDefault, version 0). */
import { useQuery } from '@tanstack/react-query';
import { PEST_THRESHOLDS_PATH, pestThresholdsResponseSchema } from '@orchard/shared/pest-thresholds';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pestThresholdsKeys } from './keys';

export function usePestThresholds() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({
    queryKey: pestThresholdsKeys.set(organizationId),
    queryFn: () => apiRequest(PEST_THRESHOLDS_PATH, { tenant: organizationId as number, schema: pestThresholdsResponseSchema }),
    enabled: organizationId != null,
    // the form holds the set it started from: a refetch in the background would not reach it anyway
    refetchOnWindowFocus: false,
  });
}
