/** POST /api/users (create) and PUT /api/users/:id (save with the version read). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS, userSchema, type CreateUserBody, type UpdateUserBody } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/session-queries';
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
  const currentUserId = useSession((s) => s.userId);
  return useMutation({
    mutationFn: (request: SaveUserRequest) =>
      request.kind === 'create' ? createUser(organizationId as number, request.body) : updateUser(organizationId as number, request.id, request.body),
    // the Roles tab's user counts follow a change of who holds which role at once; saving yourself,
    // the top bar (name, job title) reads the current-user query
    onSuccess: (_saved, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: rolesListKey(organizationId) }),
        ...(request.kind === 'update' && request.id === currentUserId
          ? [queryClient.invalidateQueries({ queryKey: sessionKeys.me(currentUserId) })]
          : []),
      ]),
  });
}
