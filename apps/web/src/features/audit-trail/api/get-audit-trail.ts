/** GET /api/audit-trail?actor=&area=&from=&to=&page=&pageSize=: one page of the filtered entries. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_TRAIL_PATHS, auditTrailResponseSchema } from '@orchard/shared/audit-trail';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { auditTrailKeys } from './keys';

export const getAuditTrail = (organizationId: number, search: string) =>
  apiRequest(`${AUDIT_TRAIL_PATHS.list}${search}`, { tenant: organizationId, schema: auditTrailResponseSchema });

export const auditTrailQueryOptions = (organizationId: number | null, search: string) =>
  queryOptions({
    queryKey: auditTrailKeys.page(organizationId, search),
    queryFn: () => getAuditTrail(organizationId as number, search),
    enabled: organizationId != null,
    placeholderData: keepPreviousData,
  });

export function useAuditTrail(search: string) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery(auditTrailQueryOptions(organizationId, search));
}
