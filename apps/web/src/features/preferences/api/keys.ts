/** Query keys: preferences carry view flags of the current organisation, so they are tenant-scoped. */
export const preferencesKeys = {
  preferences: (organizationId: number | null, userId: number | null) => ['org', organizationId, 'preferences', userId] as const,
};
