/** GET /api/users/:id (users.view, or yourself). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USERS_PATHS, userSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userKeys, userPath } from './keys';

export const getUser = (organizationId: number, id: number) =>
  apiRequest(userPath(USERS_PATHS.user, id), { tenant: organizationId, schema: userSchema });

export const userQueryOptions = (organizationId: number | null, id: number | null) =>
  queryOptions({
    queryKey: userKeys.detail(organizationId, id),
    queryFn: () => getUser(organizationId as number, id as number),
    enabled: organizationId != null && id != null,
  });

export function useUser(id: number | null) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(userQueryOptions(organizationId, id));
}
