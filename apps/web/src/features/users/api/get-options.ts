/** GET /api/users/farm-options (users.assignFarms) and /packhouse-options (users.assignPackhouses). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USERS_PATHS, farmOptionSchema, packhouseOptionSchema } from '@orchard/shared/users';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { userKeys } from './keys';

export const getFarmOptions = (organizationId: number) =>
  apiRequest(USERS_PATHS.farmOptions, { tenant: organizationId, schema: z.array(farmOptionSchema) });
export const getPackhouseOptions = (organizationId: number) =>
  apiRequest(USERS_PATHS.packhouseOptions, { tenant: organizationId, schema: z.array(packhouseOptionSchema) });

export const farmOptionsQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: userKeys.farmOptions(organizationId), queryFn: () => getFarmOptions(organizationId as number) });
export const packhouseOptionsQueryOptions = (organizationId: number | null) =>
  queryOptions({ queryKey: userKeys.packhouseOptions(organizationId), queryFn: () => getPackhouseOptions(organizationId as number) });

export function useFarmOptions(enabled: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({ ...farmOptionsQueryOptions(organizationId), enabled: enabled && organizationId != null });
}
export function usePackhouseOptions(enabled: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({ ...packhouseOptionsQueryOptions(organizationId), enabled: enabled && organizationId != null });
}
