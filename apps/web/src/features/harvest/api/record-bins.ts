/** POST /api/harvest/bins: bins received for a production block. Every harvest report is refreshed after it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HARVEST_PATHS, binIntakeResponseSchema, type BinIntakeBody } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId } from './keys';

export const recordBins = (org: number, body: BinIntakeBody) =>
  apiRequest(HARVEST_PATHS.bins, { method: 'POST', tenant: org, body, schema: binIntakeResponseSchema });

export function useRecordBins() {
  const org = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BinIntakeBody) => recordBins(org as number, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: harvestKeys.all(org) }),
  });
}
