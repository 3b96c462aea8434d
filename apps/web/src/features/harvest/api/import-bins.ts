/**
 * POST /api/harvest/bin-imports?mode=preview|commit (multipart, field `file`). Preview writes
 * nothing; commit writes every row or none. After a commit every harvest report is refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HARVEST_PATHS, binImportResponseSchema } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId, withQuery } from './keys';

export type BinImportMode = 'preview' | 'commit';

export const importBins = (org: number, file: File, mode: BinImportMode) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(withQuery(HARVEST_PATHS.binImports, { mode }), { method: 'POST', tenant: org, body: form, schema: binImportResponseSchema });
};

export function useImportBins() {
  const org = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: BinImportMode }) => importBins(org as number, file, mode),
    onSuccess: (answer) => {
      if (answer.committed) void queryClient.invalidateQueries({ queryKey: harvestKeys.all(org) });
    },
  });
}
