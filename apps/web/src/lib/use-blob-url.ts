/** An image blob (avatar, logo) fetched with auth headers and shown through an object URL. */
import { useQuery } from '@tanstack/react-query';
import { getBlob, sessionKeys } from './session/session-queries';
import { useSession } from './session/session-store';

export function useBlobUrl(container: string, id: string | null | undefined): string | null {
  const organizationId = useSession((s) => s.organizationId);
  const query = useQuery({
    queryKey: sessionKeys.blob(organizationId, container, id ?? ''),
    queryFn: async () => URL.createObjectURL(await getBlob(organizationId as number, container, id as string)),
    enabled: !!id && organizationId != null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return query.data ?? null;
}
