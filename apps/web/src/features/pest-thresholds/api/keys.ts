/** Query keys of the Pest Thresholds screen; tenant-scoped, so an organisation switch never shows another's set. */
export const pestThresholdsKeys = {
  set: (organizationId: number | null) => ['org', organizationId, 'pest-thresholds'] as const,
};
