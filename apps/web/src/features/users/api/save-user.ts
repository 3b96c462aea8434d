/** POST /api/users (create) and PUT /api/users/:id (save with the version read). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS, userSchema, type CreateUserBody, type UpdateUserBody } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { rolesListKey } from '../../../lib/shared-query-keys';
import { userKeys, userPath } from './keys';

export const createUser = (organizationId: number, body: CreateUserBody) =>
  apiRequest(USERS_PATHS.users, { method: 'POST', tenant: organizationId, body, schema: userSchema });

export const updateUser = (organizationId: number, id: number, body: UpdateUserBody) =>
  apiRequest(userPath(USERS_PATHS.user, id), { method: 'PUT', tenant: organizationId, body, schema: userSchema });

export type SaveUserRequest = { kind: 'create'; body: CreateUserBody } | { kind: 'update'; id: number; body: UpdateUserBody };

export function useSaveUser() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (request: SaveUserRequest) =>
      request.kind === 'create' ? createUser(organizationId as number, request.body) : updateUser(organizationId as number, request.id, request.body),
    // the Roles tab's user counts follow a change of who holds which role at once
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: rolesListKey(organizationId) }),
      ]),
  });
}
