/** PUT /api/picking/puc-schedule/cells: saves one daily bin cell (upsert with the cell's version). */
import { useMutation } from '@tanstack/react-query';
import { PICKING_PATHS, pucScheduleCellResponseSchema, type PucScheduleCellBody } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

export const savePucCell = (organizationId: number, body: PucScheduleCellBody) =>
  apiRequest(PICKING_PATHS.pucScheduleCells, { method: 'PUT', body, tenant: organizationId, schema: pucScheduleCellResponseSchema });

/**
 * The cache is not invalidated after a cell save: the cell keeps its own saved value and version,
 * and refetching the page would re-render every cell (and could drop other cells' drafts).
 */
export function useSavePucCell() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({ mutationFn: (body: PucScheduleCellBody) => savePucCell(organizationId as number, body) });
}
