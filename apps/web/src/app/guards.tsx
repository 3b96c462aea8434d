/** Signed-in users only; the permission guard lives in require-permission.tsx (loaded with the shell). */
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useSession } from '../lib/session/session-store';

/** `whileRestoring(pathname)` runs once while the session is being restored (the router preloads the page's code). */
export function RequireAuth({ children, whileRestoring }: { children: ReactNode; whileRestoring?: (pathname: string) => void }) {
  const current = useSession((s) => s.status);
  // The shell, drawn when the restored session arrives, renders as a transition: React yields
  // between slices of that render, so the answers of what was asked the moment the session arrived
  // (the page's first data, router.tsx) are handled, and the requests that follow them sent, while
  // it draws, not after a render of a tenth of a second. Every other change of status at once.
  const deferred = useDeferredValue(current);
  const status = current === 'authenticated' && deferred === 'unknown' ? 'unknown' : current;
  const location = useLocation();
  const restoring = status === 'unknown';
  useEffect(() => {
    if (restoring) whileRestoring?.(location.pathname);
    // only when restoring starts: the address it was asked for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restoring]);
  if (status === 'unknown') return <PageLoader />;
  if (status === 'anonymous') return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}
