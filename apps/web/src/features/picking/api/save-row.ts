/** PUT /api/picking/schedule/rows/:id (all weeks together, with the row's version) and POST /rows (a duplicate). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PICKING_PATHS,
  pickingEstimateRowSchema,
  type PickingRowCreateBody,
  type PickingRowSaveBody,
} from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { pickingKeys } from './keys';

export const saveScheduleRow = (organizationId: number, id: number, body: PickingRowSaveBody) =>
  apiRequest(PICKING_PATHS.producerRow.replace(':id', String(id)), { method: 'PUT', body, tenant: organizationId, schema: pickingEstimateRowSchema });

export const createScheduleRow = (organizationId: number, body: PickingRowCreateBody) =>
  apiRequest(PICKING_PATHS.producerRows, { method: 'POST', body, tenant: organizationId, schema: pickingEstimateRowSchema });

export type RowSave = { kind: 'update'; id: number; body: PickingRowSaveBody } | { kind: 'create'; body: PickingRowCreateBody };

/** Saves or creates a row; every picking query of the organisation (schedule, footer, capacity totals) is refreshed after. */
export function useSaveScheduleRow() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (save: RowSave) => (save.kind === 'update' ? saveScheduleRow(organizationId as number, save.id, save.body) : createScheduleRow(organizationId as number, save.body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickingKeys.all(organizationId) }),
  });
}
