/** Query keys of Spray Products; tenant-scoped, so an organisation switch never shows another's rows. */
export const sprayKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'spray'] as const,
  products: (organizationId: number | null) => ['org', organizationId, 'spray', 'products'] as const,
  markets: (organizationId: number | null) => ['org', organizationId, 'spray', 'markets'] as const,
};
