/**
 * POST /api/farm-setup/production-block-imports?mode=preview|commit (multipart, field `file`).
 * Preview writes nothing; commit writes every line or none. The bytes sent are reported as they
 * go, and the upload stops when its signal aborts. After a commit the lists are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FARM_SETUP_PATHS, blockImportResponseSchema, type BlockImportQuery } from '@orchard/shared';
import { apiRequest, type UploadProgress } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { farmSetupKeys } from './keys';

export type BlockImportMode = BlockImportQuery['mode'];

export interface ImportBlocksInput {
  file: File;
  mode: BlockImportMode;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export const importBlocks = (organizationId: number, { file, mode, onProgress, signal }: ImportBlocksInput) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(`${FARM_SETUP_PATHS.productionBlockImports}?mode=${mode}`, {
    method: 'POST',
    tenant: organizationId,
    body: form,
    schema: blockImportResponseSchema,
    signal,
    onUploadProgress: (p) => onProgress?.(p),
  });
};

export const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useImportBlocks() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: farmSetupKeys.all(organizationId) });
  return useMutation({
    mutationFn: (input: ImportBlocksInput) => importBlocks(organizationId as number, input),
    onSuccess: (answer) => {
      if (answer.committed) void refresh();
    },
    // a commit cancelled at its very end may have been written: the list says
    onError: (error, input) => {
      if (input.mode === 'commit' && isCancelled(error)) void refresh();
    },
  });
}
