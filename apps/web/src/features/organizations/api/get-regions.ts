/** GET /api/regions: every region (Farm Details). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, regionsResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getRegions = () => apiRequest(ORGANIZATION_ONBOARDING_PATHS.regions, { schema: regionsResponseSchema }).then((r) => r.result);

export const regionsQueryOptions = () => queryOptions({ queryKey: onboardingKeys.regions(), queryFn: getRegions });

export function useRegions(enabled: boolean) {
  return useQuery({ ...regionsQueryOptions(), enabled });
}
