/** GET /api/pest-dashboard/farms: the Farm filter's options (the caller's assigned farms). */
import { useQuery } from '@tanstack/react-query';
import { PEST_DASHBOARD_PATHS, pestDashboardFarmsResponseSchema } from '@orchard/shared/pest-dashboard';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pestDashboardKeys } from './keys';

export function usePestDashboardFarms() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({
    queryKey: pestDashboardKeys.farms(organizationId),
    queryFn: () => apiRequest(PEST_DASHBOARD_PATHS.farms, { tenant: organizationId as number, schema: pestDashboardFarmsResponseSchema }),
    enabled: organizationId != null,
  });
}
