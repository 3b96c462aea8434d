/** Signed-in users only; the permission guard lives in require-permission.tsx (loaded with the shell). */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useSession } from '../lib/session/session-store';

export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'unknown') return <PageLoader />;
  if (status === 'anonymous') return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}
