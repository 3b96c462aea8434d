/**
 * POST /api/harvest/estimates: saves an adjusted T/Ha. On success the block report in the cache is
 * recomputed locally on the hectares the save stored (docs/domain.md, Yield estimates: no re-fetch); the PUC reports and the block's estimate
 * history are invalidated. 412 (someone else saved first) and 409 (unlinked) reach the caller.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HARVEST_PATHS, blockReportRowResponseSchema, type BlockReportPage } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { replaceRow, saveBody, savedRow, type RowEditState } from '../block-row-edit';
import { harvestKeys, useOrganizationId } from './keys';

export const saveEstimate = (org: number, body: ReturnType<typeof saveBody>) =>
  apiRequest(HARVEST_PATHS.estimates, { method: 'POST', tenant: org, body, schema: blockReportRowResponseSchema });

export interface SaveEstimateInput {
  pucId: number;
  edit: RowEditState;
  adjusted: number;
}

export function useSaveEstimate() {
  const org = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ edit, adjusted }: SaveEstimateInput) => saveEstimate(org as number, saveBody(edit, adjusted)),
    onSuccess: (answer, { pucId, edit, adjusted }) => {
      const row = savedRow(edit.copy, adjusted, answer);
      queryClient.setQueryData<BlockReportPage>(harvestKeys.blockReport(org, pucId), (page) => (page ? replaceRow(page, row) : page));
      void queryClient.invalidateQueries({ queryKey: harvestKeys.pucReports(org) });
      void queryClient.invalidateQueries({ queryKey: harvestKeys.estimateHistory(org, edit.productionBlock) });
    },
  });
}
