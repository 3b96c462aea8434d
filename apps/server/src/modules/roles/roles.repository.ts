/** Queries behind roles. Every query names the organisation: another organisation's role is
 * indistinguishable from a missing one. */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { memberships, organizations, rolePermissions, roles, userRoles, users } from '../../db/schema/index';
import { containsPattern } from '../../db/contains-pattern';
import { nextVersion } from '../../data-rules/versioning';

export interface RoleRow {
  id: number;
  name: string;
  description: string | null;
  defaultLandingPage: string | null;
  version: number;
  usersCount: number;
  permissions: string[];
}

// Drizzle leaves columns unqualified in single-table selects, so the correlated subqueries name
// their tables explicitly.
/** Members of the organisation holding the role (a role link left behind by a removed member does not count). */
const usersCount = sql<number>`(
  select count(*)::int from user_roles ur
  inner join memberships m on m.user_id = ur.user_id and m.organization_id = ur.organization_id
  where ur.role_id = "roles"."id"
)`.mapWith(Number);

const permissionList = sql<string[]>`(
  select coalesce(json_agg(rp.permission order by rp.permission), '[]'::json)
  from role_permissions rp where rp.role_id = "roles"."id"
)`.mapWith((v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as string[]) : (v as string[])));

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  defaultLandingPage: roles.defaultLandingPage,
  version: roles.version,
  usersCount,
  permissions: permissionList,
};

function searchCondition(organizationId: number, search: string | undefined): SQL | undefined {
  const inOrg = eq(roles.organizationId, organizationId);
  if (!search) return inOrg;
  const pattern = containsPattern(search);
  return and(inOrg, sql`(${roles.name} ilike ${pattern} or coalesce(${roles.description}, '') ilike ${pattern})`);
}

export async function findRoles(
  db: AppDb,
  organizationId: number,
  options: { search?: string | undefined; offset: number; limit: number },
): Promise<RoleRow[]> {
  return db
    .select(roleColumns)
    .from(roles)
    .where(searchCondition(organizationId, options.search))
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id))
    .offset(options.offset)
    .limit(options.limit);
}

export async function countRoles(db: AppDb, organizationId: number, search: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(roles)
    .where(searchCondition(organizationId, search));
  return row?.n ?? 0;
}

export async function findRole(db: AppDb, organizationId: number, id: number): Promise<RoleRow | null> {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, id)))
    .limit(1);
  return row ?? null;
}

/** Locks the role row for the rest of the transaction (concurrent saves of one role queue here). */
export async function lockRole(db: AppDb, organizationId: number, id: number): Promise<{ version: number } | null> {
  const [row] = await db
    .select({ version: roles.version })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function isRoleNameTaken(
  db: AppDb,
  organizationId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.organizationId, organizationId),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId === null ? undefined : ne(roles.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface RoleValues {
  name: string;
  description: string | null;
  defaultLandingPage: string | null;
}

export async function insertRole(db: AppDb, organizationId: number, values: RoleValues): Promise<number> {
  const [row] = await db
    .insert(roles)
    .values({ organizationId, ...values })
    .returning({ id: roles.id });
  return row!.id;
}

/** Updates when the version still matches; false otherwise (the caller tells 404 from 412). */
export async function updateRoleIfVersion(
  db: AppDb,
  organizationId: number,
  id: number,
  expectedVersion: number,
  values: RoleValues,
): Promise<boolean> {
  const rows = await db
    .update(roles)
    .set({ ...values, version: nextVersion(roles.version) })
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, id), eq(roles.version, expectedVersion)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

export async function replaceRolePermissions(db: AppDb, roleId: number, permissions: readonly string[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissions.length > 0) {
    await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
  }
}

/** Deletes the role and its user links; false when there is no such role in the organisation. */
export async function deleteRole(db: AppDb, organizationId: number, id: number): Promise<boolean> {
  await db.delete(userRoles).where(and(eq(userRoles.roleId, id), eq(userRoles.organizationId, organizationId)));
  const rows = await db
    .delete(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, id)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

export async function findRoleUserIds(db: AppDb, organizationId: number, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.roleId, roleId), eq(userRoles.organizationId, organizationId)));
  return rows.map((r) => r.userId);
}

/** The permissions a user holds in an organisation through roles other than the given one. */
export async function findPermissionsOutsideRole(
  db: AppDb,
  userId: number,
  organizationId: number,
  roleId: number,
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId), ne(userRoles.roleId, roleId)));
  return new Set(rows.map((r) => r.permission));
}

export async function userHoldsRole(db: AppDb, userId: number, organizationId: number, roleId: number): Promise<boolean> {
  const rows = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId), eq(userRoles.roleId, roleId)))
    .limit(1);
  return rows.length > 0;
}

// --- privilege guard (see privilege-guard.ts) ---------------------------------------------------

/**
 * Takes the organisations' row locks for the rest of the transaction, in id order (so two
 * transactions locking several never wait on each other in a circle). NO KEY UPDATE: changes of
 * who holds what in an organisation queue here, while inserts elsewhere that merely reference the
 * organisation (FOR KEY SHARE) do not.
 */
export async function lockOrganizations(db: AppDb, organizationIds: readonly number[]): Promise<void> {
  const ids = [...new Set(organizationIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(inArray(organizations.id, ids))
    .orderBy(asc(organizations.id))
    .for('no key update');
}

/** The permissions the user holds in the organisation through its roles there. */
export async function findUserPermissions(db: AppDb, organizationId: number, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.organizationId, organizationId)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId)));
  return new Set(rows.map((r) => r.permission));
}

/** The organisations the user is a member of. */
export async function findUserOrganizationIds(db: AppDb, userId: number): Promise<number[]> {
  const rows = await db.select({ id: memberships.organizationId }).from(memberships).where(eq(memberships.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Per organisation, how many enabled members hold every one of `permissions` there (through their
 * roles in it). Organisations without such a member are absent from the map.
 */
export async function countFullMembers(
  db: AppDb,
  organizationIds: readonly number[],
  permissions: readonly string[],
): Promise<Map<number, number>> {
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0 || permissions.length === 0) return new Map();
  const held = sql`(
    select count(distinct rp.permission) from user_roles ur
    inner join roles r on r.id = ur.role_id and r.organization_id = ur.organization_id
    inner join role_permissions rp on rp.role_id = ur.role_id
    where ur.user_id = "memberships"."user_id" and ur.organization_id = "memberships"."organization_id"
      and rp.permission in (${sql.join(
        permissions.map((p) => sql`${p}`),
        sql`, `,
      )})
  )`;
  const rows = await db
    .select({ organizationId: memberships.organizationId, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.isEnabled, true)))
    .where(and(inArray(memberships.organizationId, ids), sql`${held} = ${permissions.length}`))
    .groupBy(memberships.organizationId);
  return new Map(rows.map((r) => [r.organizationId, r.n]));
}
