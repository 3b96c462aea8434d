/**
 * The calls of the Packhouse Readings screen: the caller's packhouses, the lines or cold rooms of a
 * packhouse (add, rename with the version, delete), and a page of one line's or room's readings
 * (capture with a client id, edit with the version, delete). Query keys are tenant-scoped, so an
 * organisation switch never shows another organisation's rows.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PACKHOUSE_READINGS_PATHS, readingPackhousesResponseSchema } from '@orchard/shared/packhouse-readings';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import type { ReadingKind } from '../reading-kinds';

export const readingKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'packhouse-readings'] as const,
  packhouses: (organizationId: number | null) => ['org', organizationId, 'packhouse-readings', 'packhouses'] as const,
  places: (organizationId: number | null, kind: string) => ['org', organizationId, 'packhouse-readings', kind, 'places'] as const,
  readings: (organizationId: number | null, kind: string) => ['org', organizationId, 'packhouse-readings', kind, 'readings'] as const,
};

const onePath = (path: string, id: number) => path.replace(':id', String(id));

export function useReadingPackhouses() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({
    queryKey: readingKeys.packhouses(organizationId),
    queryFn: () => apiRequest(PACKHOUSE_READINGS_PATHS.packhouses, { tenant: organizationId as number, schema: readingPackhousesResponseSchema }),
    enabled: organizationId != null,
  });
}

export function usePlaces(kind: ReadingKind, packhouseId: number | null) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({
    queryKey: [...readingKeys.places(organizationId, kind.key), packhouseId],
    queryFn: () => apiRequest(`${kind.paths.places}?${new URLSearchParams({ packhouse: String(packhouseId) })}`, { tenant: organizationId as number, schema: kind.placesSchema }),
    enabled: organizationId != null && packhouseId != null,
  });
}

export interface ReadingsRequest {
  placeId: number;
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

/** ?filter={place id}&from=&to=&page=&pageSize= with the days that are set */
export function readingsSearch(q: ReadingsRequest): string {
  const params = new URLSearchParams({ filter: String(q.placeId) });
  if (q.from) params.set('from', q.from);
  if (q.to) params.set('to', q.to);
  params.set('page', String(q.page));
  params.set('pageSize', String(q.pageSize));
  return `?${params.toString()}`;
}

export function useReadings(kind: ReadingKind, request: ReadingsRequest | null) {
  const organizationId = useSession((s) => s.organizationId);
  const search = request ? readingsSearch(request) : '';
  return useQuery({
    queryKey: [...readingKeys.readings(organizationId, kind.key), search],
    queryFn: () => apiRequest(`${kind.paths.readings}${search}`, { tenant: organizationId as number, schema: kind.pageSchema }),
    enabled: organizationId != null && request !== null,
    placeholderData: keepPreviousData,
  });
}

/** Reloads the kind's places and readings (a count or a name shown beside the other changed). */
export function useReloadReadings(kind: ReadingKind) {
  const organizationId = useSession((s) => s.organizationId);
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: readingKeys.places(organizationId, kind.key) }),
      queryClient.invalidateQueries({ queryKey: readingKeys.readings(organizationId, kind.key) }),
    ]);
}

/** POST a new line or room (with a client id), PUT its new name with the version, DELETE it. */
export function usePlaceMutations(kind: ReadingKind) {
  const organizationId = useSession((s) => s.organizationId);
  const reload = useReloadReadings(kind);
  const tenant = organizationId as number;
  const add = useMutation({
    mutationFn: (body: { packhouseId: number; name: string }) =>
      apiRequest(kind.paths.placeCreate, { method: 'POST', body: { ...body, clientId: crypto.randomUUID() }, tenant, responseType: 'none' }),
    onSettled: reload,
  });
  const rename = useMutation({
    mutationFn: ({ id, name, version }: { id: number; name: string; version: number }) =>
      apiRequest(onePath(kind.paths.place, id), { method: 'PUT', body: { name, version }, tenant, responseType: 'none' }),
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(onePath(kind.paths.place, id), { method: 'DELETE', tenant, responseType: 'none' }),
    onSettled: reload,
  });
  return { add, rename, remove };
}

/** POST a new reading (with a client id) or PUT a stored one with its version; DELETE one. */
export function useReadingMutations(kind: ReadingKind) {
  const organizationId = useSession((s) => s.organizationId);
  const reload = useReloadReadings(kind);
  const tenant = organizationId as number;
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? apiRequest(kind.paths.readingCreate, { method: 'POST', body, tenant, responseType: 'none' })
        : apiRequest(onePath(kind.paths.reading, id), { method: 'PUT', body, tenant, responseType: 'none' }),
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(onePath(kind.paths.reading, id), { method: 'DELETE', tenant, responseType: 'none' }),
    onSettled: reload,
  });
  return { save, remove };
}
