/** Query keys of the organisation data export; tenant-scoped, so an organisation switch never shows another's. */
export const organizationExportKeys = {
  contents: (organizationId: number | null) => ['org', organizationId, 'organization-export', 'contents'] as const,
};
