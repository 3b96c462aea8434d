/** Read the signed-in context (user, organisation, permissions, menu...) from the query cache. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  farmsQueryOptions,
  meQueryOptions,
  menuQueryOptions,
  organizationsQueryOptions,
  permissionsQueryOptions,
  rolesQueryOptions,
} from './session-queries';
import { useSession } from './session-store';

export function useSessionContext() {
  const userId = useSession((s) => s.userId);
  const organizationId = useSession((s) => s.organizationId);
  const landingPage = useSession((s) => s.landingPage);
  const selectedFarmId = useSession((s) => s.selectedFarmId);
  const status = useSession((s) => s.status);
  const enabled = status === 'authenticated';

  const user = useQuery({ ...meQueryOptions(userId), enabled: enabled && userId != null });
  const organizations = useQuery({ ...organizationsQueryOptions(userId), enabled: enabled && userId != null });
  const permissions = useQuery({ ...permissionsQueryOptions(organizationId), enabled: enabled && organizationId != null });
  const menu = useQuery({ ...menuQueryOptions(organizationId), enabled: enabled && organizationId != null });
  const farms = useQuery({ ...farmsQueryOptions(organizationId), enabled: enabled && organizationId != null });
  const roles = useQuery({ ...rolesQueryOptions(organizationId), enabled: enabled && organizationId != null });

  const organization = useMemo(
    () => organizations.data?.find((o) => o.id === organizationId) ?? null,
    [organizations.data, organizationId],
  );
  const permissionList = permissions.data;
  const hasPermission = useCallback((p: string | null | undefined) => !p || (permissionList ?? []).includes(p), [permissionList]);

  return {
    status,
    userId,
    organizationId,
    landingPage,
    selectedFarmId,
    user: user.data ?? null,
    organizations: organizations.data ?? [],
    organization,
    permissions: permissionList ?? [],
    permissionsLoaded: permissions.data !== undefined,
    menu: menu.data ?? [],
    farms: farms.data ?? [],
    roles: roles.data ?? [],
    hasPermission,
  };
}
