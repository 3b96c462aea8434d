/** GET /api/setup-checklist: each setup step's state in the current organisation (asked only by those who may act on a step). */
import { useQuery } from '@tanstack/react-query';
import { SETUP_CHECKLIST_PATHS, setupChecklistResponseSchema } from '@orchard/shared/setup-checklist';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

export const setupChecklistKeys = {
  checklist: (organizationId: number | null) => ['org', organizationId, 'setup-checklist'] as const,
};

export function useSetupChecklist(enabled: boolean) {
  const organizationId = useSession((s) => s.organizationId);
  return useQuery({
    queryKey: setupChecklistKeys.checklist(organizationId),
    queryFn: () => apiRequest(SETUP_CHECKLIST_PATHS.checklist, { tenant: organizationId as number, schema: setupChecklistResponseSchema }),
    enabled: enabled && organizationId != null,
  });
}
