/** POST /api/menu/items-by-permissions: the menu tree a set of permissions opens (landing-page picker). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SHELL_PATHS, menuResponseSchema } from '@orchard/shared/shell';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolesKeys } from './keys';

export const getMenuItemsByPermissions = (organizationId: number, permissions: readonly string[]) =>
  apiRequest(SHELL_PATHS.menuItemsByPermissions, {
    method: 'POST',
    tenant: organizationId,
    body: { permissions },
    schema: menuResponseSchema,
  });

export const menuItemsByPermissionsQueryOptions = (organizationId: number | null, permissions: readonly string[]) =>
  queryOptions({
    queryKey: rolesKeys.menuByPermissions(organizationId, permissions),
    queryFn: () => getMenuItemsByPermissions(organizationId as number, permissions),
    enabled: organizationId != null,
    staleTime: 60_000,
  });

export function useMenuItemsByPermissions(permissions: readonly string[]) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({ ...menuItemsByPermissionsQueryOptions(organizationId, permissions), placeholderData: keepPreviousData });
}
