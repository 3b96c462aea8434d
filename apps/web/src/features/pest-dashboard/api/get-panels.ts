/**
 * GET /api/pest-dashboard?date=&farms=: the four panels for the applied filter. `search` is null until
 * the first Apply; the panels of the previous filter stay in view (marked loading) while the next load.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PEST_DASHBOARD_PATHS, pestDashboardResponseSchema } from '@orchard/shared/pest-dashboard';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pestDashboardKeys } from './keys';

export function usePestDashboardPanels(search: string | null) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({
    queryKey: pestDashboardKeys.panels(organizationId, search),
    queryFn: () => apiRequest(`${PEST_DASHBOARD_PATHS.dashboard}?${search}`, { tenant: organizationId as number, schema: pestDashboardResponseSchema }),
    enabled: organizationId != null && search !== null,
    placeholderData: keepPreviousData,
  });
}
