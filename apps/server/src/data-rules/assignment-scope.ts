/**
 * Assignment scope: which of a user's role and farm assignments count inside one organisation.
 *
 * The rule, stated once here: a user_roles (user_farms) row counts in an organisation when it is
 * filed under that organisation and the role (farm) it names is the organisation's own. Each helper
 * is a where-clause over the assignment table joined with its role (farm) table; `user` says whose
 * assignments (one user, or several).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { farms, roles, userFarms, userRoles } from '../db/schema/index';

/** Over user_roles joined with roles: the role assignments of `user` that count in the organisation. */
export function rolesAssignedIn(organizationId: number, user: SQL): SQL {
  return and(user, eq(userRoles.organizationId, organizationId), eq(roles.organizationId, organizationId))!;
}

/** Over user_farms joined with farms: the farm assignments of `user` that count in the organisation. */
export function farmsAssignedIn(organizationId: number, user: SQL): SQL {
  return and(user, eq(userFarms.organizationId, organizationId), eq(farms.organizationId, organizationId))!;
}
