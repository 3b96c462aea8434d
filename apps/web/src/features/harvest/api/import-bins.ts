/**
 * POST /api/harvest/bin-imports?mode=preview|commit (multipart, field `file`). Preview writes
 * nothing; commit writes every row or none. After a commit every harvest report is refreshed.
 * The import is followed as it runs (the bytes sent, then the rows checked and written) and stops
 * when its signal aborts: a cancelled commit writes nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HARVEST_PATHS, binImportProgressLineSchema, binImportResponseSchema, type BinImportProgress, type BinImportResponse } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId, withQuery } from './keys';

export type BinImportMode = 'preview' | 'commit';

/** Where an import is: the file's bytes sent, then (from the server) the rows checked and written. */
export type BinImportStep = { phase: 'sending'; processed: number; total: number } | BinImportProgress;

export interface ImportBinsInput {
  file: File;
  mode: BinImportMode;
  /** each step as it happens */
  onStep?: (step: BinImportStep) => void;
  /** cancels the import while it runs */
  signal?: AbortSignal;
}

export const importBins = (org: number, { file, mode, onStep, signal }: ImportBinsInput) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(withQuery(HARVEST_PATHS.binImports, { mode }), {
    method: 'POST',
    tenant: org,
    body: form,
    schema: binImportResponseSchema,
    signal,
    onUploadProgress: (p) => onStep?.({ phase: 'sending', processed: p.sent, total: p.total }),
    onProgressLine: (line) => {
      const parsed = binImportProgressLineSchema.safeParse(line);
      if (parsed.success) onStep?.(parsed.data.progress);
    },
  });
};

/** What a screen does with the answer of one import. */
export interface BinImportResponseHandlers {
  onSuccess: (answer: BinImportResponse) => void;
  onError: (error: unknown) => void;
}

export const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useImportBins() {
  const org = useOrganizationId();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: harvestKeys.all(org) });
  return useMutation({
    mutationFn: (input: ImportBinsInput) => importBins(org as number, input),
    onSuccess: (answer) => {
      if (answer.committed) void refresh();
    },
    // a commit cancelled at its very end may have been written: the reports say
    onError: (error, input) => {
      if (input.mode === 'commit' && isCancelled(error)) void refresh();
    },
  });
}
