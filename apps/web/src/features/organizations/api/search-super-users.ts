/**
 * GET /api/users/system-users?query=: the Super User search (super users only). The answer leaves
 * out the current organisation's members, so the request names the current organisation.
 */
import { queryOptions } from '@tanstack/react-query';
import { USERS_PATHS, systemUsersResponseSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const searchSuperUsers = (organizationId: number, query: string, signal?: AbortSignal) =>
  apiRequest(`${USERS_PATHS.systemUsers}?${new URLSearchParams({ query }).toString()}`, {
    tenant: organizationId,
    schema: systemUsersResponseSchema,
    signal,
  }).then((r) => r.result);

export const superUsersQueryOptions = (organizationId: number | null, query: string) =>
  queryOptions({
    queryKey: onboardingKeys.superUsers(organizationId, query),
    queryFn: ({ signal }) => searchSuperUsers(organizationId as number, query, signal),
    staleTime: 0,
  });
