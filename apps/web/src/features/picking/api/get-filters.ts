/** GET /api/picking/filters?view=&farms=: packhouses, producers, farms and varieties of a view. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PICKING_PATHS, pickingFiltersResponseSchema, type PickingViewKind } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pickingKeys, toQueryString } from './keys';

export const getPickingFilters = (organizationId: number, view: PickingViewKind, farms: readonly number[]) =>
  apiRequest(`${PICKING_PATHS.filters}${toQueryString({ view, farms })}`, { tenant: organizationId, schema: pickingFiltersResponseSchema });

export const pickingFiltersQueryOptions = (organizationId: number | null, view: PickingViewKind, farms: readonly number[]) =>
  queryOptions({
    queryKey: pickingKeys.filters(organizationId, view, farms),
    queryFn: () => getPickingFilters(organizationId as number, view, farms),
    enabled: organizationId != null,
    staleTime: 60_000,
  });

export function usePickingFilters(view: PickingViewKind, farms: readonly number[] = []) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(pickingFiltersQueryOptions(organizationId, view, farms));
}
