/**
 * The fallback landing page (/ and /dashboard): the current organisation and the screens the user can
 * open, and the Release Notes dialog when there is a note the user has not dismissed.
 */
import { Card } from 'primereact/card';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuLabel } from '../../lib/i18n';
import { menuLeaves } from '../../lib/session/menu-utils';
import { useSessionContext } from '../../lib/session/use-session-context';
import { ReleaseNoteDialog } from './components/release-note-dialog';

export function DashboardPage() {
  const { t } = useTranslation();
  const { organization, menu } = useSessionContext();
  const leaves = useMemo(() => menuLeaves(menu), [menu]);

  return (
    <div className="dashboard-page">
      <h1>{t('dashboard.heading', { organization: organization?.name ?? '' })}</h1>
      {organization && <p className="dashboard-org-type">{t('dashboard.organizationType', { type: organization.organization_Type })}</p>}
      <Card title={<h2 className="card-heading">{t('dashboard.reachable')}</h2>}>
        {leaves.length ? (
          <ul className="dashboard-links">
            {leaves.map((leaf) => (
              <li key={leaf.id}>
                <Link to={leaf.url as string} className="dashboard-link">
                  {leaf.icon && <i className={leaf.icon} aria-hidden="true" />}
                  <span>{menuLabel(leaf.displayName)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('dashboard.nothingReachable')}</p>
        )}
      </Card>
      <ReleaseNoteDialog />
    </div>
  );
}

export default DashboardPage;
