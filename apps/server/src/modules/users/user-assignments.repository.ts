/**
 * Roles, farms and packhouses of the organisation a user may be given, and a user's assignments of
 * them. Every query that reads or writes assignments names the organisation.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rolesAssignedIn } from '../../data-rules/assignment-scope';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { packhouseUsableBy } from '../../data-rules/packhouse-scope';
import {
  areas,
  farms,
  packhouses,
  rolePermissions,
  roles,
  userFarms,
  userPackhouses,
  userRoles,
} from '../../db/schema/index';

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
    .where(rolesAssignedIn(organizationId, eq(userRoles.userId, userId)));
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

/** Those of the given farms that belong to the viewer's organisation, each with whether it is assigned to the viewer there (data-rules/farm-scope). */
export async function findFarmsAssignedOrNot(db: AppDb, viewer: FarmViewer, farmIds: number[]) {
  if (farmIds.length === 0) return [];
  return db
    .select({ id: farms.id, farmName: farms.farmName, assigned: sql<boolean>`${farmVisibleTo(viewer, farms.id)}` })
    .from(farms)
    .where(and(eq(farms.organizationId, viewer.organizationId), inArray(farms.id, farmIds)))
    .orderBy(asc(farms.id));
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

/** The organisation's farms; with `assignedTo`, only those assigned to that user there (data-rules/farm-scope). */
export async function findFarmOptions(db: AppDb, organizationId: number, assignedTo: FarmViewer | null) {
  return db
    .select({ id: farms.id, farmName: farms.farmName, areaName: areas.areaName })
    .from(farms)
    .leftJoin(areas, eq(areas.id, farms.areaId))
    .where(and(eq(farms.organizationId, organizationId), assignedTo ? farmVisibleTo(assignedTo, farms.id) : undefined))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id));
}

export async function findPackhouseOptions(db: AppDb, organizationId: number) {
  return db
    .select({ id: packhouses.id, name: packhouses.name })
    .from(packhouses)
    .where(packhouseUsableBy(organizationId))
    .orderBy(asc(sql`lower(${packhouses.name})`), asc(packhouses.id));
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

/** The names of the organisation's farms among `ids`, by name (the audit trail records farms by name). */
export async function findFarmNames(db: AppDb, organizationId: number, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ name: farms.farmName })
    .from(farms)
    .where(and(eq(farms.organizationId, organizationId), inArray(farms.id, [...ids])))
    .orderBy(asc(farms.farmName));
  return rows.map((r) => r.name);
}
