/**
 * GET /api/organization-onboarding/super-users?query=: get super users (the Super User section;
 * super users only): enabled super users by part of the user name or full name. System-wide: the
 * answer does not depend on the current organisation.
 */
import { queryOptions } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, superUsersResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const searchSuperUsers = (query: string, signal?: AbortSignal) =>
  apiRequest(`${ORGANIZATION_ONBOARDING_PATHS.superUsers}?${new URLSearchParams({ query }).toString()}`, {
    schema: superUsersResponseSchema,
    signal,
  }).then((r) => r.result);

export const superUsersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: onboardingKeys.superUsers(query),
    queryFn: ({ signal }) => searchSuperUsers(query, signal),
    staleTime: 0,
  });
