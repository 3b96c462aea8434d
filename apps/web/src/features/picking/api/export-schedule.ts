/** GET /api/picking/schedule/export and /api/picking/packhouse-schedule/export: the server's CSV as a download. */
import { useMutation } from '@tanstack/react-query';
import { PICKING_PATHS, pickingScheduleFileName, type PickingViewKind } from '@orchard/shared/picking';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import type { ScheduleFilterParams } from './get-schedule';
import { toQueryString } from './keys';
import { downloadBlob } from '../../../lib/download';

export const exportPath = (view: PickingViewKind) => (view === 'producer' ? PICKING_PATHS.producerExport : PICKING_PATHS.packhouseExport);

export const exportSchedule = (organizationId: number, view: PickingViewKind, params: ScheduleFilterParams) =>
  apiRequest<Blob>(`${exportPath(view)}${toQueryString({ ...params })}`, { tenant: organizationId, responseType: 'blob', headers: { Accept: 'text/csv' } });

export function useExportSchedule(view: PickingViewKind) {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (params: ScheduleFilterParams) => {
      const blob = await exportSchedule(organizationId as number, view, params);
      downloadBlob(blob, pickingScheduleFileName(view, new Date()));
    },
  });
}
