/** POST /api/roles (create) and PUT /api/roles/:id (update with the version it was based on). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLES_PATHS, roleSchema, type Role, type RoleBody } from '@orchard/shared/roles';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/session-queries';
import { useSession } from '../../../lib/session/session-store';

export interface SaveRoleInput {
  /** null: a new role */
  id: number | null;
  version: number | null;
  body: RoleBody;
}

export const createRole = (organizationId: number, body: RoleBody) =>
  apiRequest(ROLES_PATHS.roles, { method: 'POST', tenant: organizationId, body, schema: roleSchema });

export const updateRole = (organizationId: number, id: number, version: number, body: RoleBody) =>
  apiRequest(ROLES_PATHS.role.replace(':id', String(id)), {
    method: 'PUT',
    tenant: organizationId,
    body: { ...body, version },
    schema: roleSchema,
  });

export const saveRole = (organizationId: number, { id, version, body }: SaveRoleInput): Promise<Role> =>
  id == null ? createRole(organizationId, body) : updateRole(organizationId, id, version ?? 0, body);

/**
 * The list itself is updated in place by the caller (saved role to the top; docs/domain.md, Roles); what a role
 * change can alter for the signed-in user (their permissions, menu, landing page, roles) is refetched.
 */
export function useSaveRole() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (input: SaveRoleInput) => saveRole(organizationId as number, input),
    onSuccess: () => {
      for (const key of [
        sessionKeys.permissions(organizationId),
        sessionKeys.menu(organizationId),
        sessionKeys.roles(organizationId),
        sessionKeys.defaultPage(organizationId),
      ]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
