/**
 * Queries behind Create New Organization: the reference lists (shared by every organisation), what
 * the ids of a draft name, and the inserts of one new organisation (always inside the service's
 * transaction). No query here is limited to a current organisation: only super users reach them.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import {
  areas,
  farms,
  legalEntities,
  memberships,
  organizationLevels,
  organizations,
  provinces,
  regions,
  rolePermissions,
  roles,
  siteTypes,
  userFarms,
  userRoles,
  users,
} from '../../db/schema/index';

// ---- reference lists -------------------------------------------------------------------------

export async function listLevels(db: AppDb) {
  return db
    .select({ id: organizationLevels.id, level_Name: organizationLevels.levelName })
    .from(organizationLevels)
    .orderBy(asc(organizationLevels.sort), asc(organizationLevels.id));
}

export async function listSiteTypes(db: AppDb) {
  return db.select({ id: siteTypes.id, description: siteTypes.description }).from(siteTypes).orderBy(asc(siteTypes.id));
}

export async function listRegions(db: AppDb) {
  return db
    .select({ id: regions.id, region_Name: regions.regionName })
    .from(regions)
    .orderBy(asc(sql`lower(${regions.regionName})`), asc(regions.id));
}

export async function listAreas(db: AppDb, regionId?: number) {
  return db
    .select({ id: areas.id, area_Name: areas.areaName, region: areas.regionId })
    .from(areas)
    .where(regionId === undefined ? undefined : eq(areas.regionId, regionId))
    .orderBy(asc(sql`lower(${areas.areaName})`), asc(areas.id));
}

export async function listProvinces(db: AppDb) {
  return db
    .select({ id: provinces.id, province_Name: provinces.provinceName })
    .from(provinces)
    .orderBy(asc(sql`lower(${provinces.provinceName})`), asc(provinces.id));
}

/** Every organisation's legal entities (a new organisation's legal entity may start from one). */
export async function listAllLegalEntities(db: AppDb) {
  return db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .innerJoin(organizations, eq(organizations.id, legalEntities.organizationId))
    .where(eq(organizations.isActive, true))
    .orderBy(asc(sql`lower(${legalEntities.name})`), asc(legalEntities.id));
}

/** Active organisations, the ones a new organisation can copy roles from, each with its roles' names (in id order: the order they are copied in). */
export async function listCopySources(db: AppDb) {
  const sources = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.isActive, true))
    .orderBy(asc(organizations.sort), asc(sql`lower(${organizations.name})`), asc(organizations.id));
  if (sources.length === 0) return [];
  const roleRows = await db
    .select({ organizationId: roles.organizationId, name: roles.name })
    .from(roles)
    .where(inArray(roles.organizationId, sources.map((s) => s.id)))
    .orderBy(asc(roles.id));
  return sources.map((s) => ({ ...s, roles: roleRows.filter((r) => r.organizationId === s.id).map((r) => r.name) }));
}

/**
 * Get super users: enabled super users whose user name or full name contains the text, ignoring
 * case (wildcards taken literally); by full name (the user name where none), then id.
 */
export async function searchSuperUsers(db: AppDb, text: string, limit: number) {
  const pattern = containsPattern(text);
  const shown = sql<string>`coalesce(nullif(trim(${users.fullName}), ''), ${users.userName})`;
  return db
    .select({ id: users.id, fullName: shown, userName: users.userName })
    .from(users)
    .where(
      and(
        eq(users.isSuperUser, true),
        eq(users.isEnabled, true),
        or(sql`${users.userName} ilike ${pattern}`, sql`${users.fullName} ilike ${pattern}`),
      ),
    )
    .orderBy(asc(sql`lower(${shown})`), asc(users.id))
    .limit(limit);
}

// ---- adding to the reference lists ---------------------------------------------------------------

/** Serialises additions to one list, so two adds of the same name (any case) end with one row. */
export async function lockPlaces(tx: AppDb, table: 'regions' | 'areas' | 'provinces'): Promise<void> {
  const target = table === 'regions' ? regions : table === 'areas' ? areas : provinces;
  await tx.execute(sql`lock table ${target} in share row exclusive mode`);
}

/** The region of that name, ignoring case, or null. */
export async function regionNamed(db: AppDb, name: string) {
  const [row] = await db
    .select({ id: regions.id, region_Name: regions.regionName })
    .from(regions)
    .where(sql`lower(${regions.regionName}) = lower(${name})`)
    .orderBy(asc(regions.id))
    .limit(1);
  return row ?? null;
}

export async function insertRegion(tx: AppDb, name: string) {
  const [row] = await tx.insert(regions).values({ regionName: name }).returning({ id: regions.id, region_Name: regions.regionName });
  return row!;
}

/** The region's area of that name, ignoring case, or null. */
export async function areaNamed(db: AppDb, regionId: number, name: string) {
  const [row] = await db
    .select({ id: areas.id, area_Name: areas.areaName, region: areas.regionId })
    .from(areas)
    .where(and(eq(areas.regionId, regionId), sql`lower(${areas.areaName}) = lower(${name})`))
    .orderBy(asc(areas.id))
    .limit(1);
  return row ?? null;
}

export async function insertArea(tx: AppDb, regionId: number, name: string) {
  const [row] = await tx
    .insert(areas)
    .values({ areaName: name, regionId })
    .returning({ id: areas.id, area_Name: areas.areaName, region: areas.regionId });
  return row!;
}

/** The province of that name, ignoring case, or null. */
export async function provinceNamed(db: AppDb, name: string) {
  const [row] = await db
    .select({ id: provinces.id, province_Name: provinces.provinceName })
    .from(provinces)
    .where(sql`lower(${provinces.provinceName}) = lower(${name})`)
    .orderBy(asc(provinces.id))
    .limit(1);
  return row ?? null;
}

export async function insertProvince(tx: AppDb, name: string) {
  const [row] = await tx.insert(provinces).values({ provinceName: name }).returning({ id: provinces.id, province_Name: provinces.provinceName });
  return row!;
}

// ---- what a draft's ids name -------------------------------------------------------------------

export async function levelExists(db: AppDb, id: number): Promise<boolean> {
  return (await db.select({ id: organizationLevels.id }).from(organizationLevels).where(eq(organizationLevels.id, id)).limit(1)).length > 0;
}

export async function regionExists(db: AppDb, id: number): Promise<boolean> {
  return (await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1)).length > 0;
}

/** A legal entity of an active organisation, or null. */
export async function findLegalEntity(db: AppDb, id: number) {
  const [row] = await db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .innerJoin(organizations, eq(organizations.id, legalEntities.organizationId))
    .where(and(eq(legalEntities.id, id), eq(organizations.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function activeOrganizationExists(db: AppDb, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

export async function organizationNamed(db: AppDb, name: string): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(sql`lower(${organizations.name}) = lower(${name})`).limit(1);
  return rows.length > 0;
}

/** Which of the ids are enabled super users. */
export async function enabledSuperUserIds(db: AppDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isEnabled, true), eq(users.isSuperUser, true)));
  return new Set(rows.map((r) => r.id));
}

/** The areas among the ids, with their region. */
export async function areasByIds(db: AppDb, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: areas.id, regionId: areas.regionId }).from(areas).where(inArray(areas.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.regionId]));
}

export async function existingRegionIds(db: AppDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, [...ids]))).map((r) => r.id));
}

export async function existingProvinceIds(db: AppDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.select({ id: provinces.id }).from(provinces).where(inArray(provinces.id, [...ids]))).map((r) => r.id));
}

export async function existingSiteTypeIds(db: AppDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.select({ id: siteTypes.id }).from(siteTypes).where(inArray(siteTypes.id, [...ids]))).map((r) => r.id));
}

// ---- saving a new organisation (inside one transaction) ------------------------------------------

export async function insertOrganization(tx: AppDb, values: typeof organizations.$inferInsert) {
  const [row] = await tx.insert(organizations).values(values).returning({ id: organizations.id, name: organizations.name });
  return row!;
}

export async function insertLegalEntity(tx: AppDb, organizationId: number, name: string) {
  const [row] = await tx.insert(legalEntities).values({ organizationId, name }).returning({ id: legalEntities.id, name: legalEntities.name });
  return row!;
}

export async function setDefaultLegalEntity(tx: AppDb, organizationId: number, legalEntityId: number): Promise<void> {
  await tx.update(organizations).set({ defaultLegalEntityId: legalEntityId }).where(eq(organizations.id, organizationId));
}

export async function insertFarms(tx: AppDb, rows: (typeof farms.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(farms).values(rows).returning({ id: farms.id, farm_Name: farms.farmName });
}

export interface SourceRole {
  name: string;
  description: string | null;
  defaultLandingPage: string | null;
  permissions: string[];
}

/** The source organisation's roles with their permissions and landing pages, in id order. */
export async function findSourceRoles(db: AppDb, organizationId: number): Promise<SourceRole[]> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description, defaultLandingPage: roles.defaultLandingPage })
    .from(roles)
    .where(eq(roles.organizationId, organizationId))
    .orderBy(asc(roles.id));
  if (rows.length === 0) return [];
  const permissions = await db
    .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, rows.map((r) => r.id)))
    .orderBy(asc(rolePermissions.permission));
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    defaultLandingPage: r.defaultLandingPage,
    permissions: permissions.filter((p) => p.roleId === r.id).map((p) => p.permission),
  }));
}

export async function insertRole(tx: AppDb, organizationId: number, role: Omit<SourceRole, 'permissions'>) {
  const [row] = await tx
    .insert(roles)
    .values({ organizationId, name: role.name, description: role.description, defaultLandingPage: role.defaultLandingPage })
    .returning({ id: roles.id, name: roles.name });
  return row!;
}

export async function insertRolePermissions(tx: AppDb, roleId: number, permissions: readonly string[]): Promise<void> {
  if (permissions.length === 0) return;
  await tx
    .insert(rolePermissions)
    .values(permissions.map((permission) => ({ roleId, permission })))
    .onConflictDoNothing();
}

/** Makes each user a member of the organisation holding the role there. */
/** The members, each holding the role and assigned every one of the farms (so they see them: data-rules/farm-scope). */
export async function insertMembers(tx: AppDb, organizationId: number, userIds: readonly number[], roleId: number, farmIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(memberships).values(userIds.map((userId) => ({ userId, organizationId })));
  await tx.insert(userRoles).values(userIds.map((userId) => ({ userId, roleId, organizationId })));
  const assignments = userIds.flatMap((userId) => farmIds.map((farmId) => ({ userId, farmId, organizationId })));
  if (assignments.length > 0) await tx.insert(userFarms).values(assignments);
}
