/** GET /api/site-types: the farm site types (Farm Specifications). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, siteTypesResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getSiteTypes = () => apiRequest(ORGANIZATION_ONBOARDING_PATHS.siteTypes, { schema: siteTypesResponseSchema }).then((r) => r.result);

export const siteTypesQueryOptions = () => queryOptions({ queryKey: onboardingKeys.siteTypes(), queryFn: getSiteTypes });

export function useSiteTypes(enabled: boolean) {
  return useQuery({ ...siteTypesQueryOptions(), enabled });
}
