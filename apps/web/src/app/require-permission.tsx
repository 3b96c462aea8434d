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
import { mayOpenRoute, requiredPermissions, type RoutePermission } from './route-access';

export function RequirePermission({
  permission,
  superUserOnly = false,
  children,
}: {
  permission: RoutePermission;
  superUserOnly?: boolean;
  children: ReactNode;
}) {
  const { permissions, permissionsLoaded, user } = useSessionContext();
  // wait for what the rule reads: the user (super users) and the permissions (a permission asked)
  if (superUserOnly && !user) return <PageLoader />;
  if (requiredPermissions(permission).length > 0 && !permissionsLoaded) return <PageLoader />;
  const may = mayOpenRoute({ permission, superUserOnly }, { permissions, isSuperUser: user?.isSuperUser ?? false });
  return may ? <>{children}</> : <Navigate to={paths.accessDenied} replace />;
}

export default RequirePermission;
