/** GET /api/preferences: theme, saved default and view flags. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREFERENCES_PATHS, preferencesResponseSchema } from '@orchard/shared/preferences';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { preferencesKeys } from './keys';

export const getPreferences = (organizationId: number) => apiRequest(PREFERENCES_PATHS.preferences, { tenant: organizationId, schema: preferencesResponseSchema });

export const preferencesQueryOptions = (organizationId: number | null, userId: number | null) =>
  queryOptions({
    queryKey: preferencesKeys.preferences(organizationId, userId),
    queryFn: () => getPreferences(organizationId as number),
    enabled: organizationId != null && userId != null,
  });

export function usePreferences() {
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  return useQuery(preferencesQueryOptions(organizationId, userId));
}
