/** The authenticated shell: top bar, desktop menu, hamburger sidebar and the main container. */
import { QueryClientProvider, useIsFetching } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { PageLoader } from '../components/page-loader';
import { MobileMenu } from '../features/shell/components/mobile-menu';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';
import { TopBar } from '../features/shell/components/top-bar';
import { TreeMenu } from '../features/shell/components/tree-menu';
import { usePendingModuleLoads } from '../lib/module-loads';
import { useOutboxSender } from '../lib/outbox/app-outbox';
import { keepOfflineSession } from '../lib/session/offline-session';
import { queryClient } from '../lib/query-client';
import { useSessionContext } from '../lib/session/use-session-context';
import { OrganizationScope } from './organization-scope';

function Shell() {
  const { t } = useTranslation();
  const { menu, organizationId } = useSessionContext();
  const fetching = useIsFetching({ predicate: (q) => q.queryKey[0] !== 'blob' });
  // a menu click keeps the previous screen up while the next one's module loads: the bar says so
  const moduleLoads = usePendingModuleLoads();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  // field captures kept offline go out whichever screen is open
  useOutboxSender();
  // the session is kept on the device, so the app opens without a network (offline-session.ts)
  useEffect(() => keepOfflineSession(), []);

  const skipToMain = () => document.getElementById('main-content')?.focus();

  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={skipToMain}>
        {t('shell.skipToContent')}
      </button>
      <TopBar
        mobileMenuOpen={mobileOpen}
        mobileMenuId={mobileMenuId}
        onOpenMobileMenu={() => setMobileOpen(true)}
        notifications={<NotificationsBell />}
      />
      <div className="shell-body">
        <aside className="shell-sidebar desktop-only">
          <TreeMenu key={organizationId ?? 'none'} items={menu} />
        </aside>
        <main id="main-content" className="shell-main" tabIndex={-1}>
          <LoadingBar active={fetching > 0 || moduleLoads > 0} />
          <div className="shell-content">
            <Suspense fallback={<PageLoader />}>
              <OrganizationScope>
                <Outlet />
              </OrganizationScope>
            </Suspense>
          </div>
        </main>
      </div>
      <MobileMenu id={mobileMenuId} visible={mobileOpen} onHide={closeMobile} menu={menu} />
    </div>
  );
}

export function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

export default ShellLayout;
