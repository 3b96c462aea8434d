/** GET /api/users: the organisation's users, with its roles when the caller holds roles.view. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USERS_PATHS, userListResponseSchema } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userKeys } from './keys';

export const getUsers = (organizationId: number) =>
  apiRequest(USERS_PATHS.users, { tenant: organizationId, schema: userListResponseSchema });

export const usersQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: userKeys.list(organizationId),
    queryFn: () => getUsers(organizationId as number),
    enabled: organizationId != null,
  });

export function useUsers(enabled = true) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({ ...usersQueryOptions(organizationId), enabled: enabled && organizationId != null });
}
