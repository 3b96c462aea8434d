/** GET /api/provinces: every province (Farm Details). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, provincesResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getProvinces = () => apiRequest(ORGANIZATION_ONBOARDING_PATHS.provinces, { schema: provincesResponseSchema }).then((r) => r.result);

export const provincesQueryOptions = () => queryOptions({ queryKey: onboardingKeys.provinces(), queryFn: getProvinces });

export function useProvinces(enabled: boolean) {
  return useQuery({ ...provincesQueryOptions(), enabled });
}
