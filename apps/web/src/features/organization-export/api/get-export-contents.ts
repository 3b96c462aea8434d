/** GET /api/organization-export/contents: the organisation and the files its archive holds. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_EXPORT_PATHS, organizationExportContentsSchema } from '@orchard/shared/organization-export';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { organizationExportKeys } from './keys';

export const getExportContents = (organizationId: number) =>
  apiRequest(ORGANIZATION_EXPORT_PATHS.contents, { tenant: organizationId, schema: organizationExportContentsSchema });

export const exportContentsQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey: organizationExportKeys.contents(organizationId),
    queryFn: () => getExportContents(organizationId as number),
    enabled: organizationId !== null,
  });

export function useExportContents() {
  return useQuery(exportContentsQueryOptions(useSession((s) => s.organizationId)));
}
