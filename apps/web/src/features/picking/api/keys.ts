/** Query keys of the picking schedules; tenant-scoped, so an organisation switch never shows another's data. */
export const pickingKeys = {
  all: (organizationId: number | null) => ['org', organizationId, 'picking'] as const,
  filters: (organizationId: number | null, view: string, farms: readonly number[]) =>
    ['org', organizationId, 'picking', 'filters', view, farms] as const,
  progressTypes: (organizationId: number | null) => ['org', organizationId, 'picking', 'progress-types'] as const,
  pucSchedule: (organizationId: number | null, query: object) => ['org', organizationId, 'picking', 'puc-schedule', query] as const,
  schedule: (organizationId: number | null, view: string, query: object) => ['org', organizationId, 'picking', 'schedule', view, query] as const,
};

/** `?a=1,2&b=x`, leaving out empty lists and undefined values. */
export function toQueryString(params: Record<string, string | number | readonly number[] | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
