/** Organisation switch (docs/domain.md, Switching organisation). */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Organization } from '@orchard/shared/shell';
import { errorText } from '../../../lib/api-error';
import { switchOrganization } from '../../../lib/session/session-context';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';

export function useSwitchOrganization() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (organization: Organization) => switchOrganization(organization.id),
    onSuccess: (landingPage, organization) => {
      void navigate(landingPage || paths.home);
      // it tells of the landing page it opens: stays through that navigation, goes with the next the person asks for
      toast.success(t('shell.organizationChanged'), organization.name, { announcesNavigation: true });
    },
    onError: (e) => toast.error(t('shell.error'), errorText(e)),
  });
}
