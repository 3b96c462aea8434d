/** Query keys of field capture; tenant-scoped, so an organisation switch never shows another's rows. */
export const fieldKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'field-capture'] as const,
  blocks: (organizationId: number | null) => ['org', organizationId, 'field-capture', 'blocks'] as const,
  /** every page of one list (its GET path) */
  list: (organizationId: number | null, path: string) => ['org', organizationId, 'field-capture', 'list', path] as const,
};
