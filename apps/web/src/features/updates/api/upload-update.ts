/** POST /api/core/UploadUpdate: multipart form with field `file`; schedules it, replacing any pending update. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UPDATES_PATHS, UPDATE_FILE_FIELD } from '@orchard/shared/updates';
import { apiRequest, type UploadProgress } from '../../../lib/api-client';
import { updateKeys } from './get-pending-update';

export interface UploadUpdateInput {
  file: File;
  /** bytes sent so far, as the browser sends them */
  onProgress?: (progress: UploadProgress) => void;
  /** cancels the upload while it runs */
  signal?: AbortSignal;
}

export function uploadUpdate({ file, onProgress, signal }: UploadUpdateInput): Promise<unknown> {
  const form = new FormData();
  form.append(UPDATE_FILE_FIELD, file);
  // the answer is not read (docs/domain.md, Upload Update)
  // system-wide: no organisation is sent
  return apiRequest(UPDATES_PATHS.upload, {
    method: 'POST',
    body: form,
    schema: { parse: () => undefined },
    signal,
    onUploadProgress: onProgress ?? (() => undefined),
  });
}

/** The pending state is refreshed after an upload, so the warning replaces the chooser. */
export function useUploadUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updateKeys.pending() }),
  });
}
