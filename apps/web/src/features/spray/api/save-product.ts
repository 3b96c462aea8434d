/**
 * POST /api/spray/products (add), PUT /api/spray/products/:id (edit, with the version it was read
 * at: 412 when someone else saved in between), DELETE /api/spray/products/:id. The products and
 * the markets (their product counts) are read again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SPRAY_PATHS, sprayProductPath, sprayProductSchema, type SprayProductBody } from '@orchard/shared/spray';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { sprayKeys } from './keys';

export interface ProductSave {
  /** null adds */
  id: number | null;
  version: number;
  body: SprayProductBody;
}

export function useRefreshSpray() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return { organizationId, refresh: () => queryClient.invalidateQueries({ queryKey: sprayKeys.all(organizationId) }) };
}

export function useSaveProduct() {
  const { organizationId, refresh } = useRefreshSpray();
  return useMutation({
    mutationFn: ({ id, version, body }: ProductSave) =>
      id === null
        ? apiRequest(SPRAY_PATHS.products, { method: 'POST', body, tenant: organizationId as number, schema: sprayProductSchema })
        : apiRequest(sprayProductPath(id), { method: 'PUT', body: { ...body, version }, tenant: organizationId as number, schema: sprayProductSchema }),
    onSettled: refresh,
  });
}

export function useDeleteProduct() {
  const { organizationId, refresh } = useRefreshSpray();
  return useMutation({
    mutationFn: (id: number) => apiRequest(sprayProductPath(id), { method: 'DELETE', tenant: organizationId as number, responseType: 'none' }),
    onSettled: refresh,
  });
}
