/** POST /api/core/UploadUpdate: multipart form with field `file`; schedules it, replacing any pending update. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UPDATES_PATHS, UPDATE_FILE_FIELD } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { updateKeys } from './get-pending-update';

export function uploadUpdate(file: File): Promise<unknown> {
  const form = new FormData();
  form.append(UPDATE_FILE_FIELD, file);
  // the answer is not read (spec 02, section 7)
  return apiRequest(UPDATES_PATHS.upload, { method: 'POST', body: form, tenant: true, schema: { parse: () => undefined } });
}

/** The pending state is refreshed after an upload, so the warning replaces the chooser. */
export function useUploadUpdate() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: uploadUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updateKeys.pending(organizationId) }),
  });
}
