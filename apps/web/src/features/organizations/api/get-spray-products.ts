/** GET /api/organization-onboarding/spray-products?source=: whether spray products can be copied, and the box's default. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ONBOARDING_PATHS, sprayProductsCopyResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export const getSprayProductsCopy = (source: number | null) =>
  apiRequest(`${ORGANIZATION_ONBOARDING_PATHS.sprayProducts}${source === null ? '' : `?${new URLSearchParams({ source: String(source) }).toString()}`}`, {
    schema: sprayProductsCopyResponseSchema,
  });

export const sprayProductsCopyQueryOptions = (source: number | null) =>
  queryOptions({ queryKey: onboardingKeys.sprayProducts(source), queryFn: () => getSprayProductsCopy(source) });

export function useSprayProductsCopy(source: number | null, enabled: boolean) {
  return useQuery({ ...sprayProductsCopyQueryOptions(source), enabled });
}
