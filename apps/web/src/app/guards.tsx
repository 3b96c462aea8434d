/** Signed-in users only; the permission guard lives in require-permission.tsx (loaded with the shell). */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useSession } from '../lib/session/session-store';

/** `whileRestoring(pathname)` runs once while the session is being restored (the router preloads the page's code). */
export function RequireAuth({ children, whileRestoring }: { children: ReactNode; whileRestoring?: (pathname: string) => void }) {
  const status = useSession((s) => s.status);
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
