/** GET /api/organization-onboarding/copy-sources: the organisations whose roles a new organisation copies. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, copySourcesResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getCopySources = () => apiRequest(ORGANIZATION_ONBOARDING_PATHS.copySources, { schema: copySourcesResponseSchema }).then((r) => r.result);

export const copySourcesQueryOptions = () => queryOptions({ queryKey: onboardingKeys.copySources(), queryFn: getCopySources });

export function useCopySources(enabled: boolean) {
  return useQuery({ ...copySourcesQueryOptions(), enabled });
}
