/**
 * Adding, editing and deleting farm setup rows: POST to the list, PUT one row with the version it
 * was read at (412 when someone else saved in between), DELETE one row (409 when data refers to
 * it). Afterwards the farm setup lists are read again, and every other list of the organisation
 * (harvest filters, employees' legal entities) is read again when next shown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { farmSetupKeys } from './keys';

/** the rows that can be edited and deleted, by their list and one-row paths */
const EDITABLE = {
  legalEntities: { list: FARM_SETUP_PATHS.legalEntities, one: FARM_SETUP_PATHS.legalEntity },
  farms: { list: FARM_SETUP_PATHS.farms, one: FARM_SETUP_PATHS.farm },
  farmBlocks: { list: FARM_SETUP_PATHS.farmBlocks, one: FARM_SETUP_PATHS.farmBlock },
  pucs: { list: FARM_SETUP_PATHS.pucs, one: FARM_SETUP_PATHS.puc },
  productionBlocks: { list: FARM_SETUP_PATHS.productionBlocks, one: FARM_SETUP_PATHS.productionBlock },
} as const;

export type EditableKind = keyof typeof EDITABLE;
/** the lists that are only added to (shared by every organisation) */
export type AddOnlyKind = 'varieties' | 'commodities';

export interface RowSave<B> {
  /** null adds a row */
  id: number | null;
  version: number;
  body: B;
}

const onePath = (kind: EditableKind, id: number) => EDITABLE[kind].one.replace(':id', String(id));

function useRefresh() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  return {
    organizationId,
    refresh: async () => {
      await queryClient.invalidateQueries({ queryKey: ['org', organizationId], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: farmSetupKeys.all(organizationId) });
    },
  };
}

export function useSaveRow<B, R>(kind: EditableKind, schema: { parse: (data: unknown) => R }) {
  const { organizationId, refresh } = useRefresh();
  return useMutation({
    mutationFn: ({ id, version, body }: RowSave<B>) =>
      id === null
        ? apiRequest(EDITABLE[kind].list, { method: 'POST', body, tenant: organizationId as number, schema })
        : apiRequest(onePath(kind, id), { method: 'PUT', body: { ...body, version }, tenant: organizationId as number, schema }),
    onSettled: refresh,
  });
}

export function useAddRow<B, R>(kind: AddOnlyKind, schema: { parse: (data: unknown) => R }) {
  const { organizationId, refresh } = useRefresh();
  return useMutation({
    mutationFn: (body: B) => apiRequest(FARM_SETUP_PATHS[kind], { method: 'POST', body, tenant: organizationId as number, schema }),
    onSettled: refresh,
  });
}

export function useDeleteRow(kind: EditableKind) {
  const { organizationId, refresh } = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest(onePath(kind, id), { method: 'DELETE', tenant: organizationId as number, responseType: 'none' }),
    onSettled: refresh,
  });
}
