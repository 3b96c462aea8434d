/** Queries behind the current user's shell data: profile, organisations, roles and farms. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { farmsAssignedIn, rolesAssignedIn } from '../../data-rules/assignment-scope';
import type { AppDb } from '../../db/client';
import { farms, memberships, organizations, roles, userFarms, userProfileColumns, userRoles, users } from '../../db/schema/index';

export async function findUserById(db: AppDb, userId: number) {
  const [row] = await db
    .select({
      ...userProfileColumns,
      lastOrganizationId: users.lastOrganizationId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  sort: organizations.sort,
  organizationType: organizations.organizationType,
  defaultCultureName: organizations.defaultCultureName,
  logoBlobId: organizations.logoBlobId,
};
export type OrganizationRow = {
  id: number;
  name: string;
  sort: number;
  organizationType: string;
  defaultCultureName: string;
  logoBlobId: string | null;
};

/** Active organisations the user is a member of, in the order the switcher shows them. */
export async function findMemberOrganizations(db: AppDb, userId: number): Promise<OrganizationRow[]> {
  return db
    .select(organizationColumns)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(organizations.isActive, true)))
    .orderBy(asc(organizations.sort), asc(sql`lower(${organizations.name})`), asc(organizations.id));
}

/** An active organisation of the user's, by name (case-insensitive), or null. */
export async function findMemberOrganizationByName(
  db: AppDb,
  userId: number,
  name: string,
): Promise<OrganizationRow | null> {
  const [row] = await db
    .select(organizationColumns)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(organizations.isActive, true),
        sql`lower(${organizations.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateLastOrganization(db: AppDb, userId: number, organizationId: number): Promise<void> {
  await db.update(users).set({ lastOrganizationId: organizationId }).where(eq(users.id, userId));
}

/** The user's roles inside one organisation, ordered by id (the landing-page rule relies on it). */
export async function findUserRoles(db: AppDb, userId: number, organizationId: number) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      defaultLandingPage: roles.defaultLandingPage,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(rolesAssignedIn(organizationId, eq(userRoles.userId, userId)))
    .orderBy(asc(roles.id));
}

/** The farms assigned to the user inside one organisation, by name. */
export async function findUserFarms(db: AppDb, userId: number, organizationId: number) {
  return db
    .select({ id: farms.id, farmName: farms.farmName })
    .from(userFarms)
    .innerJoin(farms, eq(farms.id, userFarms.farmId))
    .where(farmsAssignedIn(organizationId, eq(userFarms.userId, userId)))
    .orderBy(asc(sql`lower(${farms.farmName})`), asc(farms.id));
}
