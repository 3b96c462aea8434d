/**
 * POST /api/users/legal-entity-report { roleIds } -> CSV. The server builds the file, names it
 * (Content-Disposition) and writes the export log; the browser only saves it.
 */
import { useMutation } from '@tanstack/react-query';
import { USERS_PATHS, USER_LEGAL_ENTITY_REPORT_PREFIX } from '@orchard/shared/users';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob, fileNameFromDisposition } from '../../../lib/download';
import { useSession } from '../../../lib/session/session-store';

export async function exportLegalEntityReport(organizationId: number, roleIds: number[]): Promise<{ fileName: string; blob: Blob }> {
  let disposition: string | null = null;
  const blob = await apiRequest<Blob>(USERS_PATHS.legalEntityReport, {
    method: 'POST',
    tenant: organizationId,
    body: { roleIds },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
    onResponse: (response) => {
      disposition = response.headers.get('content-disposition');
    },
  });
  return { fileName: fileNameFromDisposition(disposition, `${USER_LEGAL_ENTITY_REPORT_PREFIX}.csv`), blob };
}

export function useExportLegalEntityReport() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (roleIds: number[]) => {
      const { fileName, blob } = await exportLegalEntityReport(organizationId as number, roleIds);
      downloadBlob(blob, fileName);
      return fileName;
    },
  });
}
