/** GET /api/pest-dashboard/season: the season at a glance; each part null for a caller who may not see it. */
import { useQuery } from '@tanstack/react-query';
import { PEST_DASHBOARD_PATHS, seasonAtAGlanceResponseSchema } from '@orchard/shared/pest-dashboard';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pestDashboardKeys } from './keys';

export function useSeasonAtAGlance() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({
    queryKey: pestDashboardKeys.season(organizationId),
    queryFn: () => apiRequest(PEST_DASHBOARD_PATHS.season, { tenant: organizationId as number, schema: seasonAtAGlanceResponseSchema }),
    enabled: organizationId != null,
  });
}
