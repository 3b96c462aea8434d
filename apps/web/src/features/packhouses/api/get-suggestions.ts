/** GET /api/packhouses/suggestions?query=: existing packhouses not yet in the organisation's list. */
import { queryOptions } from '@tanstack/react-query';
import { PACKHOUSES_PATHS, packhouseSuggestionsResponseSchema } from '@orchard/shared/packhouses';
import { apiRequest } from '../../../lib/api-client';
import { packhouseKeys } from './get-packhouses';

export const getPackhouseSuggestions = (organizationId: number, query: string) =>
  apiRequest(`${PACKHOUSES_PATHS.suggestions}?${new URLSearchParams({ query })}`, { tenant: organizationId, schema: packhouseSuggestionsResponseSchema });

export const packhouseSuggestionsQueryOptions = (organizationId: number | null, query: string) =>
  queryOptions({
    queryKey: packhouseKeys.suggestions(organizationId, query),
    queryFn: () => getPackhouseSuggestions(organizationId as number, query),
    staleTime: 10_000,
  });
