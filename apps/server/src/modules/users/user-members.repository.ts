/**
 * Reads of users behind the users tab. Users are global; everything here is seen through one
 * organisation: its members, the roles, farms and packhouses assigned to them inside it, and the
 * system users not yet in it.
 */
import { and, asc, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import { farmsAssignedIn, rolesAssignedIn } from '../../data-rules/assignment-scope';
import type { AppDb } from '../../db/client';
import { farms, memberships, roles, userFarms, userPackhouses, userProfileColumns, userRoles, users } from '../../db/schema/index';

/** The user's columns, seen from one organisation (are they also a member of another?). */
const userColumns = (organizationId: number) => ({
  ...userProfileColumns,
  version: users.version,
  inOtherOrganizations: sql<boolean>`exists (
    select 1 from memberships other
    where other.user_id = "users"."id" and other.organization_id <> ${organizationId})`.mapWith(Boolean),
});

export interface UserRow {
  id: number;
  userName: string;
  email: string;
  fullName: string | null;
  jobTitle: string | null;
  phoneNumber: string | null;
  avatarBlobId: string | null;
  isEnabled: boolean;
  /** a platform operator (see user-privileges) */
  isSuperUser: boolean;
  lockoutEnd: Date | null;
  version: number;
  /** also a member of an organisation other than the one it is seen from */
  inOtherOrganizations: boolean;
}

export interface UserAssignments {
  roles: { id: number; name: string }[];
  farmIds: number[];
  packhouseIds: number[];
}

export const isMemberOf = (db: AppDb, organizationId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(memberships)
      .where(and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId))),
  );

/** Members of the organisation, by user name. */
export async function findMemberUsers(db: AppDb, organizationId: number): Promise<UserRow[]> {
  return db
    .select(userColumns(organizationId))
    .from(users)
    .where(isMemberOf(db, organizationId))
    .orderBy(asc(sql`lower(${users.userName})`), asc(users.id));
}

/** One member of the organisation, or null (also for users of other organisations). */
export async function findMemberUser(db: AppDb, organizationId: number, userId: number): Promise<UserRow | null> {
  const [row] = await db
    .select(userColumns(organizationId))
    .from(users)
    .where(and(eq(users.id, userId), isMemberOf(db, organizationId)))
    .limit(1);
  return row ?? null;
}

/** Any system user by id, seen from the organisation, or null. */
export async function findSystemUser(db: AppDb, organizationId: number, userId: number): Promise<UserRow | null> {
  const [row] = await db.select(userColumns(organizationId)).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Roles, farms and packhouses of the given users inside the organisation. */
export async function findAssignments(
  db: AppDb,
  organizationId: number,
  userIds: number[],
): Promise<Map<number, UserAssignments>> {
  const result = new Map<number, UserAssignments>(userIds.map((id) => [id, { roles: [], farmIds: [], packhouseIds: [] }]));
  if (userIds.length === 0) return result;
  // one after another: one pooled connection per request (PGlite has only one anyway)
  const roleRows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(rolesAssignedIn(organizationId, inArray(userRoles.userId, userIds)))
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id));
  const farmRows = await db
    .select({ userId: userFarms.userId, id: farms.id })
    .from(userFarms)
    .innerJoin(farms, eq(farms.id, userFarms.farmId))
    .where(farmsAssignedIn(organizationId, inArray(userFarms.userId, userIds)))
    .orderBy(asc(farms.id));
  const packhouseRows = await db
    .select({ userId: userPackhouses.userId, id: userPackhouses.packhouseId })
    .from(userPackhouses)
    .where(and(inArray(userPackhouses.userId, userIds), eq(userPackhouses.organizationId, organizationId)))
    .orderBy(asc(userPackhouses.packhouseId));
  for (const r of roleRows) result.get(r.userId)?.roles.push({ id: r.id, name: r.name });
  for (const r of farmRows) result.get(r.userId)?.farmIds.push(r.id);
  for (const r of packhouseRows) result.get(r.userId)?.packhouseIds.push(r.id);
  return result;
}


/** Escapes LIKE wildcards so a search for "a_b" means exactly that. */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** System users whose user name or e-mail contains the text (case-insensitive), not yet members. */
export async function searchSystemUsers(db: AppDb, organizationId: number, text: string, limit: number) {
  const pattern = likeContains(text);
  return db
    .select({ id: users.id, userName: users.userName, email: users.email })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.userName}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(memberships)
            .where(and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId))),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${users.userName})`), asc(users.id))
    .limit(limit);
}
