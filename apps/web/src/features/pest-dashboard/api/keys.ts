/** Query keys of the pest dashboard; tenant-scoped, so an organisation switch never shows another's data. */
export const pestDashboardKeys = {
  farms: (organizationId: number | null) => ['org', organizationId, 'pest-dashboard', 'farms'] as const,
  panels: (organizationId: number | null, search: string | null) => ['org', organizationId, 'pest-dashboard', 'panels', search] as const,
  season: (organizationId: number | null) => ['org', organizationId, 'pest-dashboard', 'season'] as const,
};
