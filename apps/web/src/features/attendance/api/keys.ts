/** Query keys of the Time Logger; tenant-scoped, so an organisation switch never shows another's clock. */
export const attendanceKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'attendance'] as const,
  last: (organizationId: number | null) => ['org', organizationId, 'attendance', 'last'] as const,
  logs: (organizationId: number | null) => ['org', organizationId, 'attendance', 'logs'] as const,
};
