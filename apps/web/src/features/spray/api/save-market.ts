/** POST /api/spray/markets (add an export market), DELETE /api/spray/markets/:id (409 while a product names it). */
import { useMutation } from '@tanstack/react-query';
import { SPRAY_PATHS, exportMarketSchema, sprayMarketPath } from '@orchard/shared/spray';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSpray } from './save-product';

export function useAddMarket() {
  const { organizationId, refresh } = useRefreshSpray();
  return useMutation({
    mutationFn: (name: string) => apiRequest(SPRAY_PATHS.markets, { method: 'POST', body: { name }, tenant: organizationId as number, schema: exportMarketSchema }),
    onSettled: refresh,
  });
}

export function useRemoveMarket() {
  const { organizationId, refresh } = useRefreshSpray();
  return useMutation({
    mutationFn: (id: number) => apiRequest(sprayMarketPath(id), { method: 'DELETE', tenant: organizationId as number, responseType: 'none' }),
    onSettled: refresh,
  });
}
