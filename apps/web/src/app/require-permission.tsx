/**
 * Route guard: the route's menu permission must be among the user's permissions, else access
 * denied. A list lets in a user holding any one of them (tabs of one page selected by fragment).
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useSessionContext } from '../lib/session/use-session-context';

export function RequirePermission({
  permission,
  children,
}: {
  permission: string | null | readonly string[];
  children: ReactNode;
}) {
  const { hasPermission, permissionsLoaded } = useSessionContext();
  const required = permission === null ? [] : typeof permission === 'string' ? [permission] : permission;
  if (required.length === 0) return <>{children}</>;
  if (!permissionsLoaded) return <PageLoader />;
  if (!required.some((p) => hasPermission(p))) return <Navigate to={paths.accessDenied} replace />;
  return <>{children}</>;
}

export default RequirePermission;
