/** Query keys of the audit trail; tenant-scoped, so an organisation switch never shows another's entries. */
export const auditTrailKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'audit-trail'] as const,
  page: (organizationId: number | null, search: string) => ['org', organizationId, 'audit-trail', 'page', search] as const,
};
