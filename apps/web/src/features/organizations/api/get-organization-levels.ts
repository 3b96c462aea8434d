/** GET /api/organization-levels: the organisation levels (Organization Details). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, organizationLevelsResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getOrganizationLevels = () =>
  apiRequest(ORGANIZATION_ONBOARDING_PATHS.levels, { schema: organizationLevelsResponseSchema }).then((r) => r.result);

export const organizationLevelsQueryOptions = () => queryOptions({ queryKey: onboardingKeys.levels(), queryFn: getOrganizationLevels });

export function useOrganizationLevels(enabled: boolean) {
  return useQuery({ ...organizationLevelsQueryOptions(), enabled });
}
