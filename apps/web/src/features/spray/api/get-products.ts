/** GET /api/spray/products: the organisation's spray products, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SPRAY_PATHS, sprayProductsResponseSchema } from '@orchard/shared/spray';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { sprayKeys } from './keys';

export const getSprayProducts = (organizationId: number) =>
  apiRequest(SPRAY_PATHS.products, { tenant: organizationId, schema: sprayProductsResponseSchema }).then((a) => a.result);

export const sprayProductsQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: sprayKeys.products(organizationId), queryFn: () => getSprayProducts(organizationId as number), enabled: organizationId !== null });

export function useSprayProducts() {
  return useQuery(sprayProductsQueryOptions(useSession((s) => s.organizationId)));
}
