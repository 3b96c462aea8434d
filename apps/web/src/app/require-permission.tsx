/**
 * Route guard: the route's menu permission must be among the user's permissions, else access
 * denied. A list lets in a user holding any one of them (tabs of one page selected by fragment).
 * `superUserOnly` routes (system-wide screens) let in super users only, whatever their permissions.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useSessionContext } from '../lib/session/use-session-context';

export function RequirePermission({
  permission,
  superUserOnly = false,
  children,
}: {
  permission: string | null | readonly string[];
  superUserOnly?: boolean;
  children: ReactNode;
}) {
  const { hasPermission, permissionsLoaded, user } = useSessionContext();
  if (superUserOnly) {
    if (!user) return <PageLoader />;
    if (!user.isSuperUser) return <Navigate to={paths.accessDenied} replace />;
  }
  const required = permission === null ? [] : typeof permission === 'string' ? [permission] : permission;
  if (required.length === 0) return <>{children}</>;
  if (!permissionsLoaded) return <PageLoader />;
  if (!required.some((p) => hasPermission(p))) return <Navigate to={paths.accessDenied} replace />;
  return <>{children}</>;
}

export default RequirePermission;
