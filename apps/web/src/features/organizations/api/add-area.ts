/** POST /api/areas: add an area to a region; the area lists are refreshed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, areaSchema, type AddAreaBody } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const addArea = (body: AddAreaBody) => apiRequest(ORGANIZATION_ONBOARDING_PATHS.areas, { method: 'POST', body, schema: areaSchema });

export function useAddArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.areasAll() }),
  });
}
