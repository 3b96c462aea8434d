/** Query keys of the Input checks report; tenant-scoped, so an organisation switch never shows another's data. */
export const inputChecksKeys = {
  /** `chosen`: the organisation the report is for (the Organisation dropdown) */
  rows: (organizationId: number | null, chosen: number | null) => ['org', organizationId, 'input-checks', chosen] as const,
};
