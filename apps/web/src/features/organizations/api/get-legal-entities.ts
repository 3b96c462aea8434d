/** GET /api/organization-onboarding/legal-entities: every organisation's legal entities (Organization Details). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, onboardingLegalEntitiesResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getOnboardingLegalEntities = () =>
  apiRequest(ORGANIZATION_ONBOARDING_PATHS.legalEntities, { schema: onboardingLegalEntitiesResponseSchema }).then((r) => r.result);

export const onboardingLegalEntitiesQueryOptions = () =>
  queryOptions({ queryKey: onboardingKeys.legalEntities(), queryFn: getOnboardingLegalEntities });

export function useOnboardingLegalEntities(enabled: boolean) {
  return useQuery({ ...onboardingLegalEntitiesQueryOptions(), enabled });
}
