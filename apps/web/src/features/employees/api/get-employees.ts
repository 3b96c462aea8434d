/** GET /api/employees?legalEntities=..&types=..: the rows for the chosen legal entities and types. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EMPLOYEES_PATHS, employeesResponseSchema } from '@orchard/shared/employees';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { employeeKeys } from './keys';

/** `search` from employeesSearch: '' for no restriction, null when nothing is selected (no request). */
export const getEmployees = (organizationId: number, search: string) => apiRequest(`${EMPLOYEES_PATHS.list}${search}`, { tenant: organizationId, schema: employeesResponseSchema });

export const employeesQueryOptions = (organizationId: number | null, search: string | null) =>
  queryOptions({
    queryKey: employeeKeys.rows(organizationId, search),
    queryFn: () => (search === null ? Promise.resolve([]) : getEmployees(organizationId as number, search)),
    enabled: organizationId != null,
    placeholderData: keepPreviousData,
  });

export function useEmployees(search: string | null, ready: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  const options = employeesQueryOptions(organizationId, search);
  return useQuery({ ...options, enabled: options.enabled !== false && ready });
}
