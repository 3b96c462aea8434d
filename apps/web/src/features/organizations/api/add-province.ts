/** POST /api/provinces: add a province; the provinces list is refreshed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, provinceSchema, type AddProvinceBody } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const addProvince = (body: AddProvinceBody) =>
  apiRequest(ORGANIZATION_ONBOARDING_PATHS.provinces, { method: 'POST', body, schema: provinceSchema });

export function useAddProvince() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProvince,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.provinces() }),
  });
}
