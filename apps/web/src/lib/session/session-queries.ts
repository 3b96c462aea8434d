/**
 * The shell endpoints the session is built from (docs/domain.md, After sign-in, Switching organisation): fetchers and their query
 * options. Tenant-scoped keys start with ['org', organizationId] so switching organisation never
 * shows another organisation's data.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  SHELL_PATHS,
  currentUserSchema,
  defaultPageSchema,
  menuResponseSchema,
  organizationSchema,
  permissionsResponseSchema,
  userFarmsResponseSchema,
  userRolesResponseSchema,
} from '@orchard/shared/shell';
import { z } from 'zod';
import { apiRequest } from '../api-client';

const STALE_MS = 5 * 60_000;

export const sessionKeys = {
  me: (userId: number | null) => ['me', userId] as const,
  organizations: (userId: number | null) => ['me', userId, 'organizations'] as const,
  org: (organizationId: number | null) => ['org', organizationId] as const,
  permissions: (organizationId: number | null) => ['org', organizationId, 'permissions'] as const,
  menu: (organizationId: number | null) => ['org', organizationId, 'menu'] as const,
  defaultPage: (organizationId: number | null) => ['org', organizationId, 'default-page'] as const,
  farms: (organizationId: number | null) => ['org', organizationId, 'farms'] as const,
  roles: (organizationId: number | null) => ['org', organizationId, 'roles'] as const,
  /** 'blob' first: the loading bar ignores image fetches; the organisation is the one whose header the request carries */
  blob: (organizationId: number | null, container: string, id: string) => ['blob', organizationId, container, id] as const,
};

export const getMe = () => apiRequest(SHELL_PATHS.me, { schema: currentUserSchema });
export const meQueryOptions = (userId: number | null) =>
  queryOptions({ queryKey: sessionKeys.me(userId), queryFn: getMe, staleTime: STALE_MS, enabled: userId != null });

export const getOrganizations = () => apiRequest(SHELL_PATHS.organizations, { schema: z.array(organizationSchema) });
export const organizationsQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.organizations(userId),
    queryFn: getOrganizations,
    staleTime: STALE_MS,
    enabled: userId != null,
  });

export const setDefaultOrganization = (organizationId: number) =>
  apiRequest(SHELL_PATHS.defaultOrganization, { method: 'PUT', body: { organizationId }, responseType: 'none' });

export const getPermissions = (organizationId: number) =>
  apiRequest(SHELL_PATHS.permissions, { tenant: organizationId, schema: permissionsResponseSchema });
export const permissionsQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.permissions(organizationId),
    queryFn: () => getPermissions(organizationId as number),
    staleTime: STALE_MS,
    enabled: organizationId != null,
  });

export const getMenu = (organizationId: number) => apiRequest(SHELL_PATHS.menu, { tenant: organizationId, schema: menuResponseSchema });
export const menuQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.menu(organizationId),
    queryFn: () => getMenu(organizationId as number),
    staleTime: STALE_MS,
    enabled: organizationId != null,
  });

export const getDefaultPage = (organizationId: number) =>
  apiRequest(SHELL_PATHS.defaultPage, { tenant: organizationId, schema: defaultPageSchema });
export const defaultPageQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.defaultPage(organizationId),
    queryFn: () => getDefaultPage(organizationId as number),
    staleTime: STALE_MS,
    enabled: organizationId != null,
  });

export const getFarms = (organizationId: number) =>
  apiRequest(SHELL_PATHS.farms, { tenant: organizationId, schema: userFarmsResponseSchema });
export const farmsQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.farms(organizationId),
    queryFn: () => getFarms(organizationId as number),
    staleTime: STALE_MS,
    enabled: organizationId != null,
  });

export const getRoles = (organizationId: number) =>
  apiRequest(SHELL_PATHS.roles, { tenant: organizationId, schema: userRolesResponseSchema });
export const rolesQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.roles(organizationId),
    queryFn: () => getRoles(organizationId as number),
    staleTime: STALE_MS,
    enabled: organizationId != null,
  });

export const getBlob = (organizationId: number, container: string, id: string) =>
  apiRequest<Blob>(SHELL_PATHS.blob.replace(':container', encodeURIComponent(container)).replace(':id', encodeURIComponent(id)), {
    tenant: organizationId,
    responseType: 'blob',
  });
