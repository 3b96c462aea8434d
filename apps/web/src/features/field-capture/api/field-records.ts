/**
 * The three calls every capture list shares: GET a page (farm, block, days, page), PUT one row
 * with the version it was read at (412 when someone saved in between) and DELETE one row. New
 * captures do not come here: they go through the outbox (lib/outbox).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldPage } from '@orchard/shared/field-capture';
import { apiRequest } from '../../../lib/api-client';
import { fieldFilterParams, type FieldListFilters } from '../../../lib/field-list-filters';
import { useSession } from '../../../lib/session/session-store';
import { fieldKeys } from './keys';

export interface FieldListRequest extends FieldListFilters {
  page: number;
  pageSize: number;
}

/** ?farmId=&blockId=&from=&to=&page=&pageSize= with the filters that are set */
export function fieldListSearch(q: FieldListRequest): string {
  const params = fieldFilterParams(q);
  params.set('page', String(q.page));
  params.set('pageSize', String(q.pageSize));
  return `?${params.toString()}`;
}

const onePath = (path: string, id: number) => path.replace(':id', String(id));

export function useFieldList<Row>(path: string, schema: { parse: (d: unknown) => FieldPage<Row> }, request: FieldListRequest, enabled: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  const search = fieldListSearch(request);
  return useQuery({
    queryKey: [...fieldKeys.list(organizationId, path), search],
    queryFn: () => apiRequest(`${path}${search}`, { tenant: organizationId as number, schema }),
    enabled: enabled && organizationId != null,
    placeholderData: keepPreviousData,
  });
}

/** PUT `onePath` (…/:id) with the body and its version. */
export function useUpdateFieldRecord(listPath: string, itemPath: string) {
  const organizationId = useSession((s) => s.organizationId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      apiRequest(onePath(itemPath, id), { method: 'PUT', body, tenant: organizationId as number, responseType: 'none' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldKeys.list(organizationId, listPath) }),
  });
}

export function useDeleteFieldRecord(listPath: string, itemPath: string) {
  const organizationId = useSession((s) => s.organizationId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(onePath(itemPath, id), { method: 'DELETE', tenant: organizationId as number, responseType: 'none' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldKeys.list(organizationId, listPath) }),
  });
}

/** Reloads a list (e.g. when the outbox has sent one of its captures). */
export function useReloadFieldList() {
  const organizationId = useSession((s) => s.organizationId);
  const queryClient = useQueryClient();
  return (listPath: string) => queryClient.invalidateQueries({ queryKey: fieldKeys.list(organizationId, listPath) });
}
