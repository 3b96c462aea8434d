/** PUT /api/picking/puc-schedule/cells: saves one daily bin cell (upsert with the cell's version). */
import { useMutation } from '@tanstack/react-query';
import { PICKING_PATHS, pucScheduleCellResponseSchema, type PucScheduleCellBody } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';

export const savePucCell = (body: PucScheduleCellBody) =>
  apiRequest(PICKING_PATHS.pucScheduleCells, { method: 'PUT', body, tenant: true, schema: pucScheduleCellResponseSchema });

/**
 * The cache is not invalidated after a cell save: the cell keeps its own saved value and version,
 * and refetching the page would re-render every cell (and could drop other cells' drafts).
 */
export function useSavePucCell() {
  return useMutation({ mutationFn: savePucCell });
}
