/** Query keys of Farm operations; tenant-scoped, so an organisation switch never shows another's data. */
export const farmOperationsKeys = {
  farms: (organizationId: number | null) => ['org', organizationId, 'farm-operations', 'farms'] as const,
  scoutedDates: (organizationId: number | null, farms: string | null) => ['org', organizationId, 'farm-operations', 'scouted-dates', farms] as const,
  sessions: (organizationId: number | null, search: string | null) => ['org', organizationId, 'farm-operations', 'sessions', search] as const,
};
