/**
 * POST /api/employees (id 0: add) and PUT /api/employees/:id (id above 0: edit, with the version
 * read; 412 when someone else saved first). The rows are refreshed either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMPLOYEES_PATHS, employeeSchema, type AddEmployeeBody } from '@orchard/shared/employees';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { employeeKeys } from './keys';

export interface EmployeeSave extends AddEmployeeBody {
  /** 0 adds */
  id: number;
  version: number;
}

export const saveEmployee = (organizationId: number, { id, version, ...body }: EmployeeSave) =>
  id > 0
    ? apiRequest(EMPLOYEES_PATHS.one.replace(':id', String(id)), { method: 'PUT', body: { ...body, version }, tenant: organizationId, schema: employeeSchema })
    : apiRequest(EMPLOYEES_PATHS.list, { method: 'POST', body, tenant: organizationId, schema: employeeSchema });

export function useSaveEmployee() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (save: EmployeeSave) => saveEmployee(organizationId as number, save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...employeeKeys.all(organizationId), 'rows'] }),
  });
}
