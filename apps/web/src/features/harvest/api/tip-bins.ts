/** POST /api/harvest/bin-tippings: marks the oldest waiting bins of a block at a packhouse as tipped. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HARVEST_PATHS, binTippingResponseSchema, type BinTippingBody } from '@orchard/shared/harvest';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, useOrganizationId } from './keys';

export const tipBins = (org: number, body: BinTippingBody) =>
  apiRequest(HARVEST_PATHS.binTippings, { method: 'POST', tenant: org, body, schema: binTippingResponseSchema });

export function useTipBins() {
  const org = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BinTippingBody) => tipBins(org as number, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: harvestKeys.all(org) }),
  });
}
