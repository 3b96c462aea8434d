/** Root route: page title, page views, toasts and the session-expired dialog around every page. */
import { Toast } from 'primereact/toast';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from '../components/page-loader';
import { ErrorPage } from '../features/exceptions/exception-pages';
import { useSession } from '../lib/session/session-store';
import { registerToast } from '../lib/toast';
import { lazyPage } from './lazy-page';
import { usePageTitle } from './use-page-title';
import { usePageViews } from './use-page-views';

const SessionExpiredDialog = lazyPage(() => import('../features/auth/session-expired-dialog'));

export function RootLayout({ routes }: { routes: () => RouteObject[] }) {
  usePageTitle(routes());
  usePageViews();
  const toastRef = useRef<Toast>(null);
  const sessionExpired = useSession((s) => s.sessionExpired);
  const [dialogNeeded, setDialogNeeded] = useState(false);

  useEffect(() => {
    registerToast(
      (m) => toastRef.current?.show(m),
      () => toastRef.current?.clear(),
      (m) => toastRef.current?.remove(m),
    );
    return () => registerToast(null);
  }, []);

  if (sessionExpired && !dialogNeeded) setDialogNeeded(true);

  return (
    <>
      <Toast ref={toastRef} position="top-right" />
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
