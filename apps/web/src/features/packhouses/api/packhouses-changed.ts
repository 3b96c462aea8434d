/**
 * After a packhouse is added, linked or removed: every query of the organisation that lists its
 * packhouses is refreshed. The list itself, the picking schedules (their filters and rows) and the
 * harvest screens (bin intake's packhouse picker, the PUC report's packhouse filter), named by their
 * key prefixes as features do not import each other.
 */
import type { QueryClient } from '@tanstack/react-query';

const LISTING_PACKHOUSES = ['packhouses', 'picking', 'harvest'] as const;

export function packhousesChanged(queryClient: QueryClient, organizationId: number | null) {
  return Promise.all(LISTING_PACKHOUSES.map((area) => queryClient.invalidateQueries({ queryKey: ['org', organizationId, area] })));
}
