/**
 * GET the farm setup lists: legal entities, farms, farm blocks and PUCs (?farmId=), production blocks (?pucId=),
 * varieties and commodities. A filter of null asks for every row.
 */
import { useQuery } from '@tanstack/react-query';
import {
  FARM_SETUP_PATHS,
  setupCommoditiesResponseSchema,
  setupFarmBlocksResponseSchema,
  setupFarmsResponseSchema,
  setupLegalEntitiesResponseSchema,
  setupProductionBlocksResponseSchema,
  setupPucsResponseSchema,
  setupVarietiesResponseSchema,
} from '@orchard/shared/farm-setup';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { farmSetupKeys, type SetupListKind } from './keys';

function useSetupList<T>(kind: SetupListKind, schema: { parse: (data: unknown) => T }, filter: { name: string; value: number | null } | null = null) {
  const organizationId = useSession((s) => s.organizationId);
  const value = filter?.value ?? null;
  const path = filter && value !== null ? `${FARM_SETUP_PATHS[kind]}?${filter.name}=${value}` : FARM_SETUP_PATHS[kind];
  return useQuery({
    queryKey: farmSetupKeys.list(organizationId, kind, value),
    queryFn: () => apiRequest(path, { tenant: organizationId as number, schema }),
    enabled: organizationId != null,
  });
}

export const useLegalEntities = () => useSetupList('legalEntities', setupLegalEntitiesResponseSchema);
export const useFarms = () => useSetupList('farms', setupFarmsResponseSchema);
export const useFarmBlocks = (farmId: number | null = null) =>
  useSetupList('farmBlocks', setupFarmBlocksResponseSchema, { name: 'farmId', value: farmId });
export const usePucs = (farmId: number | null = null) => useSetupList('pucs', setupPucsResponseSchema, { name: 'farmId', value: farmId });
export const useProductionBlocks = (pucId: number | null = null) =>
  useSetupList('productionBlocks', setupProductionBlocksResponseSchema, { name: 'pucId', value: pucId });
export const useVarieties = () => useSetupList('varieties', setupVarietiesResponseSchema);
export const useCommodities = () => useSetupList('commodities', setupCommoditiesResponseSchema);
