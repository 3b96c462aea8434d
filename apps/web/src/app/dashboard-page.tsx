/**
 * The dashboard screen: the fallback landing page (/ and /dashboard) and the pest dashboard
 * (/pest-dashboard) are the same screen (docs/domain.md, Dashboard and pest dashboard). The current organisation, the season
 * at a glance (each figure only where the server answers it), the pest dashboard for holders of
 * dashboard.pest, and the Release Notes dialog when there is a note the user has not dismissed. The
 * screens the user can open are listed by the menu only.

 */
import { Message } from 'primereact/message';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import { useSessionContext } from '../lib/session/use-session-context';
import { SeasonGlance } from '../features/pest-dashboard/components/season-glance';
import { SetupChecklist } from '../features/setup-checklist/components/setup-checklist';
import { ReleaseNoteDialog } from '../features/release-notes/components/release-note-dialog';

/** only holders of dashboard.pest load the panels, the chart and their texts */
const PestDashboard = lazy(() => import('../features/pest-dashboard/pest-dashboard').then((m) => ({ default: m.PestDashboard })));

export function DashboardPage() {
  const { t } = useTranslation();
  const { organization, hasPermission } = useSessionContext();
  const mayUsePestDashboard = hasPermission(PERMISSIONS.dashboardPest);

  return (
    <div className="dashboard-page">
      <h1>{t('dashboard.heading', { organization: organization?.name ?? '' })}</h1>
      {organization && <p className="dashboard-org-type">{t('dashboard.organizationType', { type: organization.organization_Type })}</p>}
      <SetupChecklist />
      <SeasonGlance />
      {mayUsePestDashboard ? (
        <Suspense fallback={null}>
          <PestDashboard />
        </Suspense>
      ) : (
        <Message severity="info" text={t('dashboard.useTheMenu')} className="dashboard-hint" />
      )}
      <ReleaseNoteDialog />
    </div>
  );
}

export default DashboardPage;
