/** GET /api/audit-trail/export: the server's CSV of the filtered entries (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { AUDIT_TRAIL_PATHS, auditTrailFileName } from '@orchard/shared/audit-trail';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { downloadBlob } from '../../../lib/download';

export const exportAuditTrail = (organizationId: number, search: string) =>
  apiRequest<Blob>(`${AUDIT_TRAIL_PATHS.export}${search}`, { tenant: organizationId, responseType: 'blob', headers: { Accept: 'text/csv' } });

export function useExportAuditTrail() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (search: string) => {
      downloadBlob(await exportAuditTrail(organizationId as number, search), auditTrailFileName(new Date()));
    },
  });
}
