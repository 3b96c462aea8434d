/**
 * Who may open a routed screen: the one rule behind the route guard (RequirePermission) and behind
 * anything that works for a screen before it is drawn (a page's data asked ahead, router.tsx).
 * `permission` null or empty: every member; a list: any one of them; `superUserOnly`: super users
 * only, whatever their permissions.
 */
export type RoutePermission = string | null | readonly string[];

export function requiredPermissions(permission: RoutePermission): readonly string[] {
  return permission === null ? [] : typeof permission === 'string' ? [permission] : permission;
}

export function mayOpenRoute(
  access: { permission: RoutePermission; superUserOnly: boolean },
  who: { permissions: readonly string[]; isSuperUser: boolean },
): boolean {
  if (access.superUserOnly && !who.isSuperUser) return false;
  const required = requiredPermissions(access.permission);
  return required.length === 0 || required.some((p) => who.permissions.includes(p));
}
