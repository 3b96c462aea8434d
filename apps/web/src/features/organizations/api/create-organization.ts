/**
 * POST /api/organizations: save the new organisation with its legal entity, contact, super users
 * and farms in one go. The Organisations list, the lookups (a new legal entity) and the caller's
 * organisations (the organisation switcher: the creator becomes a member) are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ORGANIZATION_ONBOARDING_PATHS,
  createdOrganizationSchema,
  type CreateOrganizationBody,
} from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/session-queries';
import { useSession } from '../../../lib/session/session-store';
import { onboardingKeys, organizationsKeys } from './keys';

export const createOrganization = (body: CreateOrganizationBody) =>
  apiRequest(ORGANIZATION_ONBOARDING_PATHS.create, { method: 'POST', body, schema: createdOrganizationSchema });

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.userId);
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationsKeys.all() }),
        queryClient.invalidateQueries({ queryKey: onboardingKeys.all() }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.organizations(userId) }),
      ]),
  });
}
