/** Query keys of the users area; tenant-scoped under ['org', organizationId] like the session's. */
export const userKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'users'] as const,
  list: (organizationId: number | null) => ['org', organizationId, 'users', 'list'] as const,
  detail: (organizationId: number | null, id: number | null) => ['org', organizationId, 'users', 'detail', id] as const,
  systemUsers: (organizationId: number | null, query: string) => ['org', organizationId, 'users', 'system-users', query] as const,
  farmOptions: (organizationId: number | null) => ['org', organizationId, 'users', 'farm-options'] as const,
  packhouseOptions: (organizationId: number | null) => ['org', organizationId, 'users', 'packhouse-options'] as const,
};

/** '/api/users/:id/...' with the id filled in. */
export const userPath = (template: string, id: number) => template.replace(':id', String(id));
