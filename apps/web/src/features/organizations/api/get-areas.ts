/** GET /api/areas?region=: the areas of one region (choosing a region filters the areas to it). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, areasResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getAreas = (region: number | null) =>
  apiRequest(`${ORGANIZATION_ONBOARDING_PATHS.areas}${region === null ? '' : `?${new URLSearchParams({ region: String(region) }).toString()}`}`, {
    schema: areasResponseSchema,
  }).then((r) => r.result);

export const areasQueryOptions = (region: number | null) => queryOptions({ queryKey: onboardingKeys.areas(region), queryFn: () => getAreas(region) });

export function useAreas(region: number | null, enabled: boolean) {
  return useQuery({ ...areasQueryOptions(region), enabled });
}
