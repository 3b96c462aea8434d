/** Query keys of Farm Setup; tenant-scoped, so an organisation switch never shows another's rows. */
export type SetupListKind = 'legalEntities' | 'farms' | 'farmBlocks' | 'pucs' | 'productionBlocks' | 'varieties' | 'commodities';

export const farmSetupKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'farm-setup'] as const,
  list: (organizationId: number | null, kind: SetupListKind, filter: number | null = null) =>
    ['org', organizationId, 'farm-setup', kind, filter] as const,
};
