/** Root route: page title, page views, toasts and the session-expired dialog around every page. */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from '../components/page-loader';
import { ErrorPage } from '../features/exceptions/exception-pages';
import { useSession } from '../lib/session/session-store';
import { lazyPage } from './lazy-page';
import { usePageTitle } from './use-page-title';
import { usePageViews } from './use-page-views';

const SessionExpiredDialog = lazyPage(() => import('../features/auth/session-expired-dialog'));
// its own chunk (toast-host.tsx); no text catalogue needed, so plain lazy. Should the chunk fail
// to load, the pages still work: the toasts wait in the bridge's queue.
const ToastHost = lazy(
  (): Promise<{ default: ComponentType }> => import('./toast-host').catch(() => ({ default: () => null })),
);

export function RootLayout({ routes }: { routes: () => RouteObject[] }) {
  usePageTitle(routes());
  usePageViews();
  const sessionExpired = useSession((s) => s.sessionExpired);
  const [dialogNeeded, setDialogNeeded] = useState(false);

  if (sessionExpired && !dialogNeeded) setDialogNeeded(true);

  return (
    <>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      <ErrorBoundary fallback={<ErrorPage />}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      {dialogNeeded && (
        <Suspense fallback={null}>
          <SessionExpiredDialog />
        </Suspense>
      )}
    </>
  );
}
