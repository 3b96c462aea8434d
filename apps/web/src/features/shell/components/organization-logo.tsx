/** The organisation logo (height 25) or, without one, the app name. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TOP_LOGO_HEIGHT_PX } from '../../../lib/ui-constants';
import { APP_NAME, BLOB_CONTAINERS } from '@orchard/shared/core';
import { paths } from '../../../config/paths';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useBlobUrl } from '../../../lib/use-blob-url';

export function OrganizationLogo() {
  const { t } = useTranslation();
  const { organization } = useSessionContext();
  const logoUrl = useBlobUrl(BLOB_CONTAINERS.logo, organization?.logo);
  return (
    <Link to={paths.home} className="topbar-brand">
      {logoUrl ? (
        <img src={logoUrl} height={TOP_LOGO_HEIGHT_PX} style={{ height: TOP_LOGO_HEIGHT_PX }} alt={organization?.name ?? t('shell.logoAlt')} />
      ) : (
        <span className="topbar-app-name">{APP_NAME}</span>
      )}
    </Link>
  );
}
