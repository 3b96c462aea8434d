/** Query keys of Employee management; tenant-scoped, so an organisation switch never shows another's data. */
export const employeeKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'employees'] as const,
  legalEntities: (organizationId: number | null) => ['org', organizationId, 'employees', 'legal-entities'] as const,
  types: (organizationId: number | null) => ['org', organizationId, 'employees', 'types'] as const,
  rows: (organizationId: number | null, search: string | null) => ['org', organizationId, 'employees', 'rows', search] as const,
};
