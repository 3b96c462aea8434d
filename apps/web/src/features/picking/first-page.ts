/**
 * What a schedule view shows first: its filters, then the first page with the packhouses the view
 * starts with (the first packhouse for packhouse users, all of them otherwise). Asked by the view
 * when it mounts (ScheduleView) and, when the page is opened by its address, as soon as the
 * session is restored, before the shell is drawn (router.tsx): the view then finds both in the
 * query cache under the keys it asks for.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PickingFiltersResponse, PickingViewKind } from '@orchard/shared/picking';
import { pickingFiltersQueryOptions } from './api/get-filters';
import { firstPageParams, scheduleQueryOptions } from './api/get-schedule';

/** The packhouse filter before the user chooses: the first packhouse (packhouse users) or all of them. */
export const initialPackhouseIds = (options: PickingFiltersResponse['packhouses'], packhouseUser: boolean) =>
  (packhouseUser ? options.slice(0, 1) : options).map((p) => p.id);

/**
 * The filters, then the first page; `live()` false (the view unmounted, the organisation changed)
 * skips the page. Failures are the view's own queries' to show.
 */
export async function prefetchFirstPage(
  queryClient: QueryClient,
  organizationId: number,
  view: PickingViewKind,
  packhouseUser: boolean,
  live: () => boolean = () => true,
): Promise<void> {
  try {
    const filters = await queryClient.fetchQuery(pickingFiltersQueryOptions(organizationId, view, []));
    if (!live()) return;
    await queryClient.prefetchQuery(scheduleQueryOptions(organizationId, view, firstPageParams(initialPackhouseIds(filters.packhouses, packhouseUser))));
  } catch {
    /* shown by the view's own queries */
  }
}
