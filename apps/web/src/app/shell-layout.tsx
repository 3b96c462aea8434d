/** The authenticated shell: top bar, desktop menu, hamburger sidebar and the main container. */
import { QueryClientProvider, useIsFetching, type Query } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { PageLoader } from '../components/page-loader';
import { MobileMenu } from '../features/shell/components/mobile-menu';
import { TopBarBell } from './top-bar-bell';
import { TopBar } from '../features/shell/components/top-bar';
import { TreeMenu } from '../features/shell/components/tree-menu';
import { usePendingModuleLoads } from '../lib/module-loads';
import { useOutboxSender } from '../lib/outbox/app-outbox';
import { keepOfflineSession } from '../lib/session/offline-session';
import { queryClient } from '../lib/query-client';
import { useSessionContext } from '../lib/session/use-session-context';
import { OrganizationScope } from './organization-scope';

const notBlob = (query: Query) => query.queryKey[0] !== 'blob';

/**
 * The bar over the page while queries fetch or a page's module loads, in a component of its own:
 * a fetch starting or ending redraws the bar alone, not the top bar, menus and page around it (a
 * page load starts and ends a dozen fetches).
 */
export function ShellLoadingBar() {
  const fetching = useIsFetching({ predicate: notBlob });
  // a menu click keeps the previous screen up while the next one's module loads: the bar says so
  const moduleLoads = usePendingModuleLoads();
  return <LoadingBar active={fetching > 0 || moduleLoads > 0} />;
}

function Shell() {
  const { t } = useTranslation();
  const { menu, organizationId } = useSessionContext();
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
        notifications={<TopBarBell />}
      />
      <div className="shell-body">
        <aside className="shell-sidebar desktop-only">
          <TreeMenu key={organizationId ?? 'none'} items={menu} />
        </aside>
        <main id="main-content" className="shell-main" tabIndex={-1}>
          <ShellLoadingBar />
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
