/** POST /api/users (create) and PUT /api/users/:id (save with the version read). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS, userSchema, type CreateUserBody, type UpdateUserBody } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userKeys, userPath } from './keys';

export const createUser = (body: CreateUserBody) =>
  apiRequest(USERS_PATHS.users, { method: 'POST', tenant: true, body, schema: userSchema });

export const updateUser = (id: number, body: UpdateUserBody) =>
  apiRequest(userPath(USERS_PATHS.user, id), { method: 'PUT', tenant: true, body, schema: userSchema });

export type SaveUserRequest = { kind: 'create'; body: CreateUserBody } | { kind: 'update'; id: number; body: UpdateUserBody };

export function useSaveUser() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (request: SaveUserRequest) =>
      request.kind === 'create' ? createUser(request.body) : updateUser(request.id, request.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) }),
  });
}
