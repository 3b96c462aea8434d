/**
 * Opening an organisation of the list (super users): POST /api/organizations/:id/open makes the super
 * user a member when they are not one (holding its Administrator role), then the organisation switch
 * (docs/domain.md, Switching organisation) takes them there, with its success message. The user's organisations are asked
 * again first, so the switcher lists the one just joined.
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ORGANIZATIONS_PATHS } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-error';
import { queryClient } from '../../../lib/query-client';
import { switchOrganization } from '../../../lib/session/session-context';
import { organizationsQueryOptions } from '../../../lib/session/session-queries';
import { sessionStore } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';

export const openOrganizationRequest = (organizationId: number) =>
  apiRequest(ORGANIZATIONS_PATHS.open.replace(':id', String(organizationId)), { method: 'POST', responseType: 'none' });

/** Opens the organisation and switches to it; resolves with its landing page. */
export async function openOrganization(organizationId: number): Promise<string> {
  await openOrganizationRequest(organizationId);
  await queryClient.fetchQuery({ ...organizationsQueryOptions(sessionStore.getState().userId), staleTime: 0 });
  return switchOrganization(organizationId);
}

export function useOpenOrganization() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (organization: { id: number; name: string }) => openOrganization(organization.id),
    onSuccess: (landingPage, organization) => {
      void navigate(landingPage || paths.home);
      // it tells of the landing page it opens: stays through that navigation, goes with the next the person asks for
      toast.success(t('shell.organizationChanged'), organization.name, { announcesNavigation: true });
    },
    onError: (e) => toast.error(t('shell.error'), errorText(e)),
  });
}
