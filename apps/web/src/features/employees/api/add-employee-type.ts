/** POST /api/employee-types: a new employee type (409 "Type Already Exists" for an equal one). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMPLOYEES_PATHS, employeeTypeSchema } from '@orchard/shared/employees';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { employeeKeys } from './keys';

export const addEmployeeType = (organizationId: number, type: string) =>
  apiRequest(EMPLOYEES_PATHS.types, { method: 'POST', body: { type }, tenant: organizationId, schema: employeeTypeSchema });

export function useAddEmployeeType() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (type: string) => addEmployeeType(organizationId as number, type),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.types(organizationId) }),
  });
}
