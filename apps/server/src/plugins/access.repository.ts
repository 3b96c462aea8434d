/**
 * The queries behind the access plugin (plugins/access.ts): who the caller is, whether their
 * session is live, whether they are an active member of the organisation and which permissions they
 * hold there, and the maintenance flag. The plugin keeps the rules and the caches.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { maintenanceState, memberships, organizations, refreshTokens, rolePermissions, userRoles, users } from '../db/schema/index';

/** The permissions a user holds in an organisation through their roles there. */
export async function loadPermissions(db: AppDb, userId: number, organizationId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId)));
  return new Set(rows.map((r) => r.permission));
}

export async function isActiveMember(db: AppDb, userId: number, organizationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId), eq(organizations.isActive, true)),
    )
    .limit(1);
  return rows.length > 0;
}

export interface RequestContextRow {
  isEnabled: boolean;
  isSuperUser: boolean;
  /** the token's session (refresh-token family) has not been revoked */
  isSessionLive: boolean;
  isMember: boolean;
  permissions: string[];
}

function prepareContextQuery(db: AppDb, withOrganization: boolean) {
  const userId = sql.placeholder('userId');
  const sessionId = sql.placeholder('sessionId');
  const organizationId = sql.placeholder('organizationId');
  return db
    .select({
      isEnabled: users.isEnabled,
      isSuperUser: users.isSuperUser,
      isSessionLive: sql<boolean>`exists (
        select 1 from ${refreshTokens} rt
        where rt.family_id = ${sessionId}::uuid and rt.user_id = ${userId} and rt.revoked_at is null)`,
      isMember: withOrganization
        ? sql<boolean>`exists (
        select 1 from ${memberships} m join ${organizations} o on o.id = m.organization_id
        where m.user_id = ${userId} and m.organization_id = ${organizationId} and o.is_active)`
        : sql<boolean>`false`,
      permissions: withOrganization
        ? sql<string[]>`coalesce((
        select array_agg(distinct rp.permission) from ${userRoles} ur
        join ${rolePermissions} rp on rp.role_id = ur.role_id
        where ur.user_id = ${userId} and ur.organization_id = ${organizationId}), '{}'::text[])`
        : sql<string[]>`'{}'::text[]`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .prepare(withOrganization ? 'access_request_context' : 'access_request_context_no_org');
}

/** Prepared once per database: PostgreSQL plans the access query once per connection, not per request. */
const contextQueries = new WeakMap<AppDb, { tenant: ReturnType<typeof prepareContextQuery>; plain: ReturnType<typeof prepareContextQuery> }>();

/** Everything the access check needs about a user, their session and an organisation, in one query. */
export async function loadRequestContext(
  db: AppDb,
  userId: number,
  sessionId: string,
  organizationId: number | null,
): Promise<RequestContextRow | null> {
  let queries = contextQueries.get(db);
  if (!queries) {
    queries = { tenant: prepareContextQuery(db, true), plain: prepareContextQuery(db, false) };
    contextQueries.set(db, queries);
  }
  const [row] =
    organizationId === null
      ? await queries.plain.execute({ userId, sessionId })
      : await queries.tenant.execute({ userId, sessionId, organizationId });
  return row ?? null;
}

/** Whether the system is down for maintenance (the single maintenance_state row). */
export async function findMaintenanceFlag(db: AppDb): Promise<boolean> {
  const rows = await db.select({ isDown: maintenanceState.isDown }).from(maintenanceState).where(eq(maintenanceState.id, 1));
  return rows[0]?.isDown ?? false;
}
