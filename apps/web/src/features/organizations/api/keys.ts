/** Query keys of the Organisations list: system-wide (super users), so not under one organisation. */
export const organizationsKeys = {
  all: () => ['system', 'organizations'] as const,
  page: (search: string, page: number, pageSize: number) => ['system', 'organizations', 'list', search, page, pageSize] as const,
};

/** Query keys of the Create New Organization lookups: system-wide reference lists (super users). */
export const onboardingKeys = {
  all: () => ['system', 'organization-onboarding'] as const,
  levels: () => ['system', 'organization-onboarding', 'levels'] as const,
  siteTypes: () => ['system', 'organization-onboarding', 'site-types'] as const,
  regions: () => ['system', 'organization-onboarding', 'regions'] as const,
  areasAll: () => ['system', 'organization-onboarding', 'areas'] as const,
  areas: (region: number | null) => ['system', 'organization-onboarding', 'areas', region] as const,
  provinces: () => ['system', 'organization-onboarding', 'provinces'] as const,
  legalEntities: () => ['system', 'organization-onboarding', 'legal-entities'] as const,
  copySources: () => ['system', 'organization-onboarding', 'copy-sources'] as const,
  sprayProducts: (source: number | null) => ['system', 'organization-onboarding', 'spray-products', source] as const,
  superUsers: (query: string) => ['system', 'organization-onboarding', 'super-users', query] as const,
};
