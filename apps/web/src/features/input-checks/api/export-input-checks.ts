/** GET /api/input-checks/export?organizationId=: the server's CSV of the report (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { INPUT_CHECKS_PATHS, inputChecksFileName } from '@orchard/shared/input-checks';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useSession } from '../../../lib/session/session-store';

export const exportInputChecks = (organizationId: number, chosen: number) =>
  apiRequest<Blob>(`${INPUT_CHECKS_PATHS.export}?${new URLSearchParams({ organizationId: String(chosen) })}`, {
    tenant: organizationId,
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });

export function useExportInputChecks() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (chosen: number) => {
      downloadBlob(await exportInputChecks(organizationId as number, chosen), inputChecksFileName(new Date()));
    },
  });
}
