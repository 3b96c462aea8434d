/** GET /api/login-history/areas and /api/login-history/roles: the Area and Roles filter options. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LOGIN_HISTORY_PATHS,
  loginHistoryAreasResponseSchema,
  loginHistoryRolesResponseSchema,
} from '@orchard/shared/login-history';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { loginHistoryKeys } from './keys';

export const getLoginHistoryAreas = (organizationId: number) => apiRequest(LOGIN_HISTORY_PATHS.areas, { tenant: organizationId, schema: loginHistoryAreasResponseSchema });
export const getLoginHistoryRoles = (organizationId: number) => apiRequest(LOGIN_HISTORY_PATHS.roles, { tenant: organizationId, schema: loginHistoryRolesResponseSchema });

export const loginHistoryAreasQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: loginHistoryKeys.areas(organizationId), queryFn: () => getLoginHistoryAreas(organizationId as number), enabled: organizationId != null });
export const loginHistoryRolesQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: loginHistoryKeys.roles(organizationId), queryFn: () => getLoginHistoryRoles(organizationId as number), enabled: organizationId != null });

export function useLoginHistoryAreas() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(loginHistoryAreasQueryOptions(organizationId));
}

export function useLoginHistoryRoles() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(loginHistoryRolesQueryOptions(organizationId));
}
