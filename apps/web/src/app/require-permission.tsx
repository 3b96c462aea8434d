/** Route guard: the route's menu permission must be among the user's permissions, else access denied. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useSessionContext } from '../lib/session/use-session-context';

export function RequirePermission({ permission, children }: { permission: string | null; children: ReactNode }) {
  const { hasPermission, permissionsLoaded } = useSessionContext();
  if (!permission) return <>{children}</>;
  if (!permissionsLoaded) return <PageLoader />;
  if (!hasPermission(permission)) return <Navigate to={paths.accessDenied} replace />;
  return <>{children}</>;
}

export default RequirePermission;
