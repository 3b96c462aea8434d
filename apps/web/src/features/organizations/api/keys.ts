/** Query keys of the Organisations list: system-wide (super users), so not under one organisation. */
export const organizationsKeys = {
  all: () => ['system', 'organizations'] as const,
  page: (search: string, page: number, pageSize: number) => ['system', 'organizations', 'list', search, page, pageSize] as const,
};
