/** POST /api/regions: add a region; the regions list is refreshed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, regionSchema, type AddRegionBody } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const addRegion = (body: AddRegionBody) =>
  apiRequest(ORGANIZATION_ONBOARDING_PATHS.regions, { method: 'POST', body, schema: regionSchema });

export function useAddRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRegion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.regions() }),
  });
}
