/** DELETE /api/employees/:id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMPLOYEES_PATHS } from '@orchard/shared/employees';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { employeeKeys } from './keys';

export const removeEmployee = (organizationId: number, id: number) =>
  apiRequest(EMPLOYEES_PATHS.one.replace(':id', String(id)), { method: 'DELETE', tenant: organizationId, responseType: 'none' });

export function useRemoveEmployee() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: (id: number) => removeEmployee(organizationId as number, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...employeeKeys.all(organizationId), 'rows'] }),
  });
}
