/**
 * GET /api/field-capture/blocks: the blocks of the caller's farms, the blocks every capture names.
 * Kept for the day (staleTime), so a capture screen opened online keeps its blocks when the
 * network goes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIELD_CAPTURE_PATHS, fieldBlocksResponseSchema } from '@orchard/shared/field-capture';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { fieldKeys } from './keys';

export const getFieldBlocks = (organizationId: number) =>
  apiRequest(FIELD_CAPTURE_PATHS.blocks, { tenant: organizationId, schema: fieldBlocksResponseSchema });

export const fieldBlocksQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: fieldKeys.blocks(organizationId),
    queryFn: () => getFieldBlocks(organizationId as number),
    enabled: organizationId != null,
    staleTime: 24 * 3_600_000,
    gcTime: 24 * 3_600_000,
  });

export function useFieldBlocks() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(fieldBlocksQueryOptions(organizationId));
}
