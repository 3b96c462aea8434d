/** Query keys of Login history; tenant-scoped, so an organisation switch never shows another's data. */
export const loginHistoryKeys = {
  areas: (organizationId: number | null) => ['org', organizationId, 'login-history', 'areas'] as const,
  roles: (organizationId: number | null) => ['org', organizationId, 'login-history', 'roles'] as const,
  rows: (organizationId: number | null, search: string | null) => ['org', organizationId, 'login-history', 'rows', search] as const,
};
