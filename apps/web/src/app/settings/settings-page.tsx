/** Settings (docs/domain.md, Users and roles): the users and roles tabs, picked by URL fragment. */
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useSessionContext } from '../../lib/session/use-session-context';
import { allowedTabs, resolveTab, type SettingsTabKey } from '../../lib/settings-tabs';

const UsersTab = lazy(() => import('../../features/users/components/users-tab'));
const RolesTab = lazy(() => import('../../features/roles/roles-tab'));

const TAB_COMPONENTS: Record<SettingsTabKey, React.LazyExoticComponent<React.ComponentType>> = {
  users: UsersTab,
  roles: RolesTab,
};

export function SettingsPage() {
  const { t } = useTranslation();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const { hasPermission } = useSessionContext();
  const tabs = allowedTabs(hasPermission);
  const active = resolveTab(hash, hasPermission);

  // the URL always names the tab on screen
  useEffect(() => {
    if (active && hash !== `#${active}`) void navigate({ pathname, hash: active }, { replace: true });
  }, [active, hash, pathname, navigate]);

  if (!active) return <Navigate to={paths.accessDenied} replace />;
  const activeIndex = tabs.findIndex((tab) => tab.key === active);

  return (
    <div className="settings-page">
      <h1>{t('settings.title')}</h1>
      <TabView
        activeIndex={activeIndex}
        onTabChange={(e) => {
          const tab = tabs[e.index];
          if (tab) void navigate({ pathname, hash: tab.key });
        }}
        aria-label={t('settings.tabs')}
      >
        {tabs.map((tab) => {
          const Component = TAB_COMPONENTS[tab.key];
          return (
            <TabPanel key={tab.key} header={t(tab.label)}>
              <Suspense fallback={<PageLoader />}>{tab.key === active && <Component />}</Suspense>
            </TabPanel>
          );
        })}
      </TabView>
    </div>
  );
}

export default SettingsPage;
