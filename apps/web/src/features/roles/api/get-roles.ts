/** GET /api/roles?page=1&size=99999: the organisation's roles with users counts, and the permission catalogue. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLES_PAGE_SIZE_MAX, ROLES_PATHS, rolesResponseSchema } from '@orchard/shared/roles';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolesKeys } from './keys';

export const getRoles = (organizationId: number) =>
  apiRequest(`${ROLES_PATHS.roles}?page=1&size=${ROLES_PAGE_SIZE_MAX}`, { tenant: organizationId, schema: rolesResponseSchema });

export const rolesQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: rolesKeys.list(organizationId),
    queryFn: () => getRoles(organizationId as number),
    enabled: organizationId != null,
    staleTime: 30_000,
  });

export function useRoles() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(rolesQueryOptions(organizationId));
}
