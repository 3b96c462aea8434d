/** GET /api/users/system-users?query=: system users that are not members yet (link autocomplete). */
import { queryOptions } from '@tanstack/react-query';
import { USERS_PATHS, systemUsersResponseSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

export const getSystemUsers = (organizationId: number, query: string, signal?: AbortSignal) =>
  apiRequest(`${USERS_PATHS.systemUsers}?${new URLSearchParams({ query }).toString()}`, {
    tenant: organizationId,
    schema: systemUsersResponseSchema,
    signal,
  }).then((r) => r.result);

export const systemUsersQueryOptions = (organizationId: number | null, query: string) =>
  queryOptions({
    queryKey: userKeys.systemUsers(organizationId, query),
    queryFn: ({ signal }) => getSystemUsers(organizationId as number, query, signal),
    staleTime: 0,
  });
