/**
 * Every route's policy, written one way: who may call it (config.auth) and whether it works inside
 * the current organisation (config.tenant; the request names it with X-Organization-Id). The rules
 * behind each are plugins/access.ts; plugins/route-policy.ts collects every route's policy so a test
 * fails on a route that forgot one. A route adds its own settings beside a policy with a spread:
 * `{ ...publicPolicy, allowInMaintenance: true }`.
 */
import type { Permission } from '@orchard/shared/core';
import type { AuthPolicy } from '../plugins/route-policy';

export interface RoutePolicy {
  readonly auth: AuthPolicy;
  readonly tenant: boolean;
}

/** Anyone, signed in or not; no organisation. */
export const publicPolicy: RoutePolicy = { auth: 'public', tenant: false };

/** Any signed-in user with a live session, outside any organisation (their own account, their organisations). */
export const signedInPolicy: RoutePolicy = { auth: 'authenticated', tenant: false };

/** Any member of the current organisation; the service decides what they see (their own rows, or more with a permission). */
export const memberPolicy: RoutePolicy = { auth: 'authenticated', tenant: true };

/** A platform operator (users.is_super_user), whatever their roles; no organisation. */
export const superUserPolicy: RoutePolicy = { auth: 'superUser', tenant: false };

/** A member of the current organisation holding every one of `permissions` there. */
export function permissionPolicy(...permissions: Permission[]): RoutePolicy {
  return { auth: { permissions }, tenant: true };
}
