/** GET /api/picking/schedule (producer view) and /api/picking/packhouse-schedule (packhouse view). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TABLE_PAGE_SIZE } from '@orchard/shared/core';
import { PICKING_PATHS, pickingSchedulePageSchema, type PickingViewKind } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pickingKeys, toQueryString } from './keys';

export interface ScheduleFilterParams {
  pagerDate: string | null;
  packhouses: number[];
  producers: number[];
  farms: number[];
  varieties: number[];
}

export interface ScheduleParams extends ScheduleFilterParams {
  page: number;
  pageSize: number;
}

/** The view's first query, before any filter, pager or page change: the given packhouses, page 1 of the default size. */
export const firstPageParams = (packhouses: number[]): ScheduleParams => ({
  pagerDate: null,
  packhouses,
  producers: [],
  farms: [],
  varieties: [],
  page: 1,
  pageSize: TABLE_PAGE_SIZE,
});

export const schedulePath = (view: PickingViewKind) => (view === 'producer' ? PICKING_PATHS.producerSchedule : PICKING_PATHS.packhouseSchedule);

export const getSchedule = (organizationId: number, view: PickingViewKind, params: ScheduleParams) =>
  apiRequest(`${schedulePath(view)}${toQueryString({ ...params })}`, { tenant: organizationId, schema: pickingSchedulePageSchema });

/**
 * A page asked ahead (the first page, first-page.ts) is taken as it is when the view then asks for
 * it within this time, not asked again: without it the view's own query, finding the answer a
 * moment old, sent the same request a second time. A save invalidates every schedule query (save-row.ts).
 */
export const SCHEDULE_FRESH_MS = 10_000;

export const scheduleQueryOptions = (organizationId: number | null, view: PickingViewKind, params: ScheduleParams, enabled = true) =>
  queryOptions({
    queryKey: pickingKeys.schedule(organizationId, view, params),
    queryFn: () => getSchedule(organizationId as number, view, params),
    enabled: organizationId != null && enabled,
    placeholderData: keepPreviousData,
    staleTime: SCHEDULE_FRESH_MS,
  });

export function useSchedule(view: PickingViewKind, params: ScheduleParams, enabled = true) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(scheduleQueryOptions(organizationId, view, params, enabled));
}
