/**
 * Queries behind the users tab. Users are global; everything here is seen through one
 * organisation: its memberships, and the roles, farms and packhouses assigned inside it. Every
 * query that reads or writes assignments names the organisation.
 */
import { BLOB_CONTAINERS } from '@orchard/shared';
import { and, asc, count, eq, exists, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { packhouseUsableBy } from '../../db/packhouse-scope';
import {
  areas,
  blobs,
  farms,
  legalEntities,
  memberships,
  packhouses,
  refreshTokens,
  rolePermissions,
  roles,
  userFarms,
  userPackhouses,
  userRoles,
  users,
} from '../../db/schema/index';

/** The user's columns, seen from one organisation (are they also a member of another?). */
const userColumns = (organizationId: number) => ({
  id: users.id,
  userName: users.userName,
  email: users.email,
  fullName: users.fullName,
  jobTitle: users.jobTitle,
  phoneNumber: users.phoneNumber,
  avatarBlobId: users.avatarBlobId,
  isEnabled: users.isEnabled,
  lockoutEnd: users.lockoutEnd,
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

const isMemberOf = (db: AppDb, organizationId: number) =>
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
    .where(
      and(
        inArray(userRoles.userId, userIds),
        eq(userRoles.organizationId, organizationId),
        eq(roles.organizationId, organizationId),
      ),
    )
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id));
  const farmRows = await db
    .select({ userId: userFarms.userId, id: farms.id })
    .from(userFarms)
    .innerJoin(farms, eq(farms.id, userFarms.farmId))
    .where(
      and(
        inArray(userFarms.userId, userIds),
        eq(userFarms.organizationId, organizationId),
        eq(farms.organizationId, organizationId),
      ),
    )
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

/** The organisation's roles with how many users hold each. */
export async function findOrganizationRoles(db: AppDb, organizationId: number) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      usersCount: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`,
    })
    .from(roles)
    .where(eq(roles.organizationId, organizationId))
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id));
}

/** Those of the given role ids that belong to the organisation. */
export async function findRolesInOrganization(db: AppDb, organizationId: number, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), inArray(roles.id, roleIds)));
}

/** (role, permission) pairs of the given roles. */
export async function findRolePermissions(db: AppDb, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return db
    .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
}

/** Ids of the user's roles in the organisation. */
export async function findUserRoleIds(db: AppDb, organizationId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId), eq(roles.organizationId, organizationId)));
  return rows.map((r) => r.id);
}

/** Those of the given farm ids that belong to the organisation. */
export async function findFarmIdsInOrganization(db: AppDb, organizationId: number, farmIds: number[]): Promise<number[]> {
  if (farmIds.length === 0) return [];
  const rows = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.organizationId, organizationId), inArray(farms.id, farmIds)));
  return rows.map((r) => r.id);
}

export async function findPackhouseIdsForOrganization(
  db: AppDb,
  organizationId: number,
  packhouseIds: number[],
): Promise<number[]> {
  if (packhouseIds.length === 0) return [];
  const rows = await db
    .select({ id: packhouses.id })
    .from(packhouses)
    .where(and(inArray(packhouses.id, packhouseIds), packhouseUsableBy(organizationId)));
  return rows.map((r) => r.id);
}

export async function findFarmOptions(db: AppDb, organizationId: number) {
  return db
    .select({ id: farms.id, farmName: farms.farmName, areaName: areas.areaName })
    .from(farms)
    .leftJoin(areas, eq(areas.id, farms.areaId))
    .where(eq(farms.organizationId, organizationId))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id));
}

export async function findPackhouseOptions(db: AppDb, organizationId: number) {
  return db
    .select({ id: packhouses.id, name: packhouses.name })
    .from(packhouses)
    .where(packhouseUsableBy(organizationId))
    .orderBy(asc(sql`lower(${packhouses.name})`), asc(packhouses.id));
}

/** Is the user name taken by anyone (case-insensitive), other than exceptUserId? */
export async function isUserNameTaken(db: AppDb, userName: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.userName}) = lower(${userName})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface NewUser {
  userName: string;
  email: string;
  passwordHash: string;
  fullName: string | null;
  jobTitle: string | null;
  phoneNumber: string | null;
  isEnabled: boolean;
  lastOrganizationId: number;
}

export async function insertUser(db: AppDb, user: NewUser): Promise<number> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  return row!.id;
}

export async function insertMembership(db: AppDb, userId: number, organizationId: number): Promise<void> {
  await db.insert(memberships).values({ userId, organizationId }).onConflictDoNothing();
}

export async function isMember(db: AppDb, userId: number, organizationId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return rows.length > 0;
}

/** How many organisations other than this one the user belongs to. */
export async function countOtherMemberships(db: AppDb, userId: number, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.organizationId, organizationId)));
  return row?.n ?? 0;
}

export interface ProfileChanges {
  userName: string;
  email: string;
  fullName?: string | null;
  jobTitle?: string | null;
  phoneNumber?: string | null;
  isEnabled?: boolean;
}

/**
 * Saves profile fields when the stored version is still `version`, and moves the version on.
 * False when someone saved in between (or the user is gone).
 */
export async function updateUserProfile(db: AppDb, userId: number, version: number, changes: ProfileChanges): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...changes, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.version, version)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Moves the version on (an assignment list changed); with `expected`, only from that version. */
export async function bumpUserVersion(db: AppDb, userId: number, expected?: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), expected === undefined ? undefined : eq(users.version, expected)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function replaceUserRoles(db: AppDb, organizationId: number, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId)));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId, organizationId })));
}

export async function replaceUserFarms(db: AppDb, organizationId: number, userId: number, farmIds: number[]): Promise<void> {
  await db.delete(userFarms).where(and(eq(userFarms.userId, userId), eq(userFarms.organizationId, organizationId)));
  if (farmIds.length > 0) await db.insert(userFarms).values(farmIds.map((farmId) => ({ userId, farmId, organizationId })));
}

export async function replaceUserPackhouses(
  db: AppDb,
  organizationId: number,
  userId: number,
  packhouseIds: number[],
): Promise<void> {
  await db
    .delete(userPackhouses)
    .where(and(eq(userPackhouses.userId, userId), eq(userPackhouses.organizationId, organizationId)));
  if (packhouseIds.length > 0) {
    await db.insert(userPackhouses).values(packhouseIds.map((packhouseId) => ({ userId, packhouseId, organizationId })));
  }
}

/** Takes the user out of the organisation: membership plus roles, farms and packhouses there. */
export async function removeFromOrganization(db: AppDb, organizationId: number, userId: number): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId)));
  await db.delete(userFarms).where(and(eq(userFarms.userId, userId), eq(userFarms.organizationId, organizationId)));
  await db
    .delete(userPackhouses)
    .where(and(eq(userPackhouses.userId, userId), eq(userPackhouses.organizationId, organizationId)));
  await db.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
  await db
    .update(users)
    .set({ lastOrganizationId: null })
    .where(and(eq(users.id, userId), eq(users.lastOrganizationId, organizationId)));
}

export async function deleteUserRow(db: AppDb, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** A user's avatar: a blob of the useravatar container owned by the user (no organisation). */
export async function insertAvatarBlob(
  db: AppDb,
  blob: { ownerUserId: number; contentType: string; bytes: Buffer },
): Promise<string> {
  const [row] = await db
    .insert(blobs)
    .values({
      container: BLOB_CONTAINERS.avatar,
      contentType: blob.contentType,
      size: blob.bytes.length,
      bytes: blob.bytes,
      organizationId: null,
      ownerUserId: blob.ownerUserId,
    })
    .returning({ id: blobs.id });
  return row!.id;
}

export async function setUserAvatar(db: AppDb, userId: number, blobId: string): Promise<void> {
  await db.update(users).set({ avatarBlobId: blobId }).where(eq(users.id, userId));
}

export async function deleteAvatarBlob(db: AppDb, blobId: string): Promise<void> {
  await db.delete(blobs).where(and(eq(blobs.id, blobId), eq(blobs.container, BLOB_CONTAINERS.avatar)));
}

export async function clearLockout(db: AppDb, userId: number): Promise<void> {
  await db.update(users).set({ lockoutEnd: null, failedLoginCount: 0 }).where(eq(users.id, userId));
}

export async function revokeAllRefreshTokens(db: AppDb, userId: number, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
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

/**
 * Rows of the legal-entity report: members holding at least one of the roles, with each of their
 * farms in the organisation and its legal entity (null farm: the user has no farm here).
 */
export async function findLegalEntityReportRows(db: AppDb, organizationId: number, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  const holdsRole = exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(
        and(
          eq(userRoles.userId, users.id),
          eq(userRoles.organizationId, organizationId),
          inArray(userRoles.roleId, roleIds),
        ),
      ),
  );
  return db
    .select({
      userId: users.id,
      userName: users.userName,
      fullName: users.fullName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      farmName: farms.farmName,
      legalEntityId: legalEntities.id,
      legalEntityName: legalEntities.name,
    })
    .from(users)
    .leftJoin(
      userFarms,
      and(eq(userFarms.userId, users.id), eq(userFarms.organizationId, organizationId)),
    )
    .leftJoin(farms, and(eq(farms.id, userFarms.farmId), eq(farms.organizationId, organizationId)))
    .leftJoin(legalEntities, and(eq(legalEntities.id, farms.legalEntityId), eq(legalEntities.organizationId, organizationId)))
    .where(and(isMemberOf(db, organizationId), holdsRole))
    .orderBy(asc(sql`lower(${users.userName})`), asc(users.id), asc(sql`lower(${farms.farmName})`));
}
