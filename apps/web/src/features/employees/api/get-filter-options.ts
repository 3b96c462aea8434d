/** GET /api/employees/legal-entities and /api/employee-types: the filter options and the form's choices. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EMPLOYEES_PATHS, employeeLegalEntitiesResponseSchema, employeeTypesResponseSchema } from '@orchard/shared/employees';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { employeeKeys } from './keys';

export const getEmployeeLegalEntities = (organizationId: number) =>
  apiRequest(EMPLOYEES_PATHS.legalEntities, { tenant: organizationId, schema: employeeLegalEntitiesResponseSchema });
export const getEmployeeTypes = (organizationId: number) => apiRequest(EMPLOYEES_PATHS.types, { tenant: organizationId, schema: employeeTypesResponseSchema });

export const employeeLegalEntitiesQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: employeeKeys.legalEntities(organizationId), queryFn: () => getEmployeeLegalEntities(organizationId as number), enabled: organizationId != null });
export const employeeTypesQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: employeeKeys.types(organizationId), queryFn: () => getEmployeeTypes(organizationId as number), enabled: organizationId != null });

export function useEmployeeLegalEntities() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(employeeLegalEntitiesQueryOptions(organizationId));
}

export function useEmployeeTypes() {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(employeeTypesQueryOptions(organizationId));
}
