/**
 * Queries of the organisations list and of opening an organisation. Organisations are system-wide
 * here (super users only): nothing is narrowed to a current organisation. One statement reads a
 * page: the page of organisations by name, then their default legal entity and their farm and member
 * counts, each count grouped once over the page's organisations only (farms_org_idx,
 * memberships_org_idx), never one query per row.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { memberships, organizations, rolePermissions, roles, userRoles, users } from '../../db/schema/index';

export interface OrganizationListRow {
  id: number;
  name: string;
  contactName: string | null;
  contactSurname: string | null;
  legalEntityName: string | null;
  farmCount: number;
  userCount: number;
}

/** Names containing the text, ignoring case (LIKE's own wildcards taken literally); every name when blank. */
function nameMatches(search: string | undefined): SQL {
  if (!search) return sql`true`;
  const pattern = containsPattern(search);
  return sql`o.name ilike ${pattern}`;
}

export async function countOrganizations(db: AppDb, search: string | undefined): Promise<number> {
  const [row] = await rowsOf<{ total: number | string }>(db, sql`select count(*)::int as total from organizations o where ${nameMatches(search)}`);
  return Number(row?.total ?? 0);
}

export async function findOrganizationsPage(
  db: AppDb,
  options: { search: string | undefined; offset: number; limit: number },
): Promise<OrganizationListRow[]> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    contact_name: string | null;
    contact_surname: string | null;
    legal_entity_name: string | null;
    farm_count: number | string;
    user_count: number | string;
  }>(
    db,
    sql`
      with page as (
        select o.id, o.name, o.contact_name, o.contact_surname, o.default_legal_entity_id
        from organizations o
        where ${nameMatches(options.search)}
        order by lower(o.name), o.id
        offset ${options.offset} limit ${options.limit}
      ),
      farm_counts as (
        select f.organization_id, count(*)::int as n from farms f
        where f.organization_id in (select id from page)
        group by f.organization_id
      ),
      member_counts as (
        select m.organization_id, count(*)::int as n from memberships m
        where m.organization_id in (select id from page)
        group by m.organization_id
      )
      select page.id, page.name, page.contact_name, page.contact_surname,
             le.name as legal_entity_name,
             coalesce(fc.n, 0) as farm_count,
             coalesce(mc.n, 0) as user_count
      from page
      left join legal_entities le on le.id = page.default_legal_entity_id and le.organization_id = page.id
      left join farm_counts fc on fc.organization_id = page.id
      left join member_counts mc on mc.organization_id = page.id
      order by lower(page.name), page.id
    `,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    contactName: r.contact_name,
    contactSurname: r.contact_surname,
    legalEntityName: r.legal_entity_name,
    farmCount: Number(r.farm_count),
    userCount: Number(r.user_count),
  }));
}

// --- opening an organisation ---------------------------------------------------------------------

/**
 * Locks the organisation's row for the rest of the transaction when it is active (the lock every
 * change of who holds what in an organisation takes: roles/privilege-guard); false when there is no
 * such active organisation.
 */
export async function lockActiveOrganization(db: AppDb, organizationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.isActive, true)))
    .for('no key update');
  return rows.length > 0;
}

/** The organisation's roles that carry every one of `permissions`, by id. */
export async function findRoleIdsCarrying(db: AppDb, organizationId: number, permissions: readonly string[]): Promise<number[]> {
  if (permissions.length === 0) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(and(eq(roles.organizationId, organizationId), inArray(rolePermissions.permission, [...permissions])))
    .groupBy(roles.id)
    .having(sql`count(distinct ${rolePermissions.permission}) = ${permissions.length}`)
    .orderBy(asc(roles.id));
  return rows.map((r) => r.id);
}

/** Makes the user a member of the organisation, holding the role there (null: none). */
export async function insertMember(db: AppDb, userId: number, organizationId: number, roleId: number | null): Promise<void> {
  await db.insert(memberships).values({ userId, organizationId }).onConflictDoNothing();
  if (roleId !== null) await db.insert(userRoles).values({ userId, roleId, organizationId }).onConflictDoNothing();
}

/** A user's name as lists show it (full name, else user name) and a role's name, for the audit trail. */
export async function findJoinNames(db: AppDb, userId: number, roleId: number | null) {
  const [user] = await db.select({ userName: users.userName, fullName: users.fullName }).from(users).where(eq(users.id, userId));
  const [role] = roleId === null ? [] : await db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId));
  return { user: user?.fullName?.trim() ? user.fullName : (user?.userName ?? `#${userId}`), role: role?.name ?? null };
}
