/**
 * Query keys of the harvest screens. Tenant-scoped like the shell's: they start with
 * ['org', organizationId, 'harvest'] so switching organisation never shows another organisation's
 * figures, and one invalidation of harvestKeys.all refreshes every harvest report.
 */
import { useSession } from '../../../lib/session/session-store';

export const harvestKeys = {
  all: (org: number | null) => ['org', org, 'harvest'] as const,
  packhouses: (org: number | null) => [...harvestKeys.all(org), 'packhouses'] as const,
  varieties: (org: number | null, packhouse: number | null) => [...harvestKeys.all(org), 'varieties', packhouse ?? 'all'] as const,
  pucReports: (org: number | null) => [...harvestKeys.all(org), 'puc-report'] as const,
  pucReport: (org: number | null, packhouse: number | null, variety: number | null) =>
    [...harvestKeys.pucReports(org), packhouse ?? 'all', variety ?? 'all'] as const,
  farms: (org: number | null) => [...harvestKeys.all(org), 'farms'] as const,
  pucs: (org: number | null, farm: number | null) => [...harvestKeys.all(org), 'pucs', farm ?? 'all'] as const,
  blockReports: (org: number | null) => [...harvestKeys.all(org), 'block-report'] as const,
  blockReport: (org: number | null, pucId: number) => [...harvestKeys.blockReports(org), pucId] as const,
  estimateHistory: (org: number | null, productionBlock: number) => [...harvestKeys.all(org), 'estimate-history', productionBlock] as const,
};

/** The current organisation, for keys and the X-Organization-Id header. */
export function useOrganizationId(): number | null {
  return useSession((s) => s.organizationId);
}

/** A path with its query string; undefined and null values are left out. */
export function withQuery(path: string, query: Record<string, number | string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
