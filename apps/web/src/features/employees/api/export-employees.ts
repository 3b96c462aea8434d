/** GET /api/employees/export?legalEntities=..&types=..: the server's CSV of the list (it logs the export) as a download. */
import { useMutation } from '@tanstack/react-query';
import { EMPLOYEES_PATHS, employeesFileName } from '@orchard/shared/employees';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useSession } from '../../../lib/session/session-store';

export const exportEmployees = (organizationId: number, search: string) =>
  apiRequest<Blob>(`${EMPLOYEES_PATHS.export}${search}`, { tenant: organizationId, responseType: 'blob', headers: { Accept: 'text/csv' } });

export function useExportEmployees() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async (search: string) => {
      downloadBlob(await exportEmployees(organizationId as number, search), employeesFileName(new Date()));
    },
  });
}
