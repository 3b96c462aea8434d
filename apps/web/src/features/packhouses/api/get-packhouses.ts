/** GET /api/packhouses: the organisation's packhouses (linked or run by it). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PACKHOUSES_PATHS, managedPackhousesResponseSchema } from '@orchard/shared/packhouses';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

export const packhouseKeys = {
  list: (organizationId: number | null) => ['org', organizationId, 'packhouses'] as const,
  suggestions: (organizationId: number | null, query: string) => ['org', organizationId, 'packhouses', 'suggestions', query] as const,
};

export const getPackhouses = (organizationId: number) => apiRequest(PACKHOUSES_PATHS.list, { tenant: organizationId, schema: managedPackhousesResponseSchema });

export const packhousesQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: packhouseKeys.list(organizationId), queryFn: () => getPackhouses(organizationId as number), enabled: organizationId != null });

export function usePackhouses() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(packhousesQueryOptions(organizationId));
}
