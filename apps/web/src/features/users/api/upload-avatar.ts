/** PUT /api/users/:id/avatar, multipart field `file` (images only, at most 1,000,000 bytes). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_PATHS, avatarResponseSchema } from '@orchard/shared/users';
import { apiRequest, type UploadProgress } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/session-queries';
import { useSession } from '../../../lib/session/session-store';
import { userKeys, userPath } from './keys';

export interface AvatarUpload {
  id: number;
  file: File;
  /** bytes sent so far, as the browser sends them */
  onProgress?: (progress: UploadProgress) => void;
  /** cancels the upload while it runs */
  signal?: AbortSignal;
}

export const uploadAvatar = (organizationId: number, { id, file, onProgress, signal }: AvatarUpload) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(userPath(USERS_PATHS.avatar, id), {
    method: 'PUT',
    tenant: organizationId,
    body: form,
    schema: avatarResponseSchema,
    signal,
    onUploadProgress: onProgress ?? (() => undefined),
  });
};

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const currentUserId = useSession((s) => s.userId);
  return useMutation({
    mutationFn: (upload: AvatarUpload) => uploadAvatar(organizationId as number, upload),
    onSuccess: async (_data, { id }) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all(organizationId) });
      // your own avatar: the top bar reads it from the current-user query
      if (id === currentUserId) await queryClient.invalidateQueries({ queryKey: sessionKeys.me(currentUserId) });
    },
  });
}
