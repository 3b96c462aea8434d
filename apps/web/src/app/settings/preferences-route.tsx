/** Preferences (docs/domain.md, Preferences): the preferences feature's page. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';

const PreferencesPage = lazy(() => import('../../features/preferences/preferences-page'));

export function PreferencesRoute() {
  const { t } = useTranslation();
  return (
    <div className="preferences-route">
      <h1>{t('settings.preferencesTitle')}</h1>
      <Suspense fallback={<PageLoader />}>
        <PreferencesPage />
      </Suspense>
    </div>
  );
}

export default PreferencesRoute;
