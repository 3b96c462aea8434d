/**
 * Queries of Login history. Everything is read inside one organisation: its members, the areas of
 * the farms assigned to the caller (data-rules/farm-scope), its roles, and the successful sign-ins recorded
 * for it (login_events.organization_id).
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farmVisibleTo, type FarmViewer } from '../../data-rules/farm-scope';
import { areas, farms, loginEvents, memberships, regions, roles, userFarms, userRoles, users } from '../../db/schema/index';

/** The distinct areas of the organisation's farms the caller may see, with their region, by area name. */
export async function findOrganisationAreas(db: AppDb, viewer: FarmViewer) {
  return db
    .selectDistinct({ id: areas.id, area_Name: areas.areaName, region: regions.regionName })
    .from(farms)
    .innerJoin(areas, eq(areas.id, farms.areaId))
    .leftJoin(regions, eq(regions.id, areas.regionId))
    .where(and(eq(farms.organizationId, viewer.organizationId), farmVisibleTo(viewer, farms.id), isNotNull(farms.areaId)))
    .orderBy(asc(areas.areaName), asc(areas.id));
}

export async function findOrganisationRoles(db: AppDb, organizationId: number) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.organizationId, organizationId))
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id));
}

export interface LoginHistoryFilter {
  organizationId: number;
  /** null: no area restriction */
  areaIds: readonly number[] | null;
  /** null: no role restriction */
  roleIds: readonly number[] | null;
  /** start of each window: sign-ins after these moments count */
  since: { week: Date; month: Date; threeMonths: Date };
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * One row per member matching the filters, with the successful sign-ins into the organisation
 * counted per window and the latest one (the service orders them by name). Members without sign-ins have zero counts and no date.
 */
export async function findLoginHistory(db: AppDb, f: LoginHistoryFilter) {
  const org = f.organizationId;
  const conditions = [eq(memberships.organizationId, org)];
  if (f.areaIds) {
    conditions.push(
      sql`exists (${db
        .select({ one: sql`1` })
        .from(userFarms)
        .innerJoin(farms, eq(farms.id, userFarms.farmId))
        .where(
          and(
            eq(userFarms.userId, memberships.userId),
            eq(userFarms.organizationId, org),
            eq(farms.organizationId, org),
            inArray(farms.areaId, [...f.areaIds]),
          ),
        )})`,
    );
  }
  if (f.roleIds) {
    conditions.push(
      sql`exists (${db
        .select({ one: sql`1` })
        .from(userRoles)
        .where(and(eq(userRoles.userId, memberships.userId), eq(userRoles.organizationId, org), inArray(userRoles.roleId, [...f.roleIds])))})`,
    );
  }
  const successful = and(eq(loginEvents.userId, memberships.userId), eq(loginEvents.organizationId, org), eq(loginEvents.success, true));
  const countSince = (since: Date) => sql<number>`(count(*) filter (where ${loginEvents.occurredAt} > ${at(since)}))::int`;
  // the counts read only the last three months; the latest sign-in is one step down the index
  // (login_events_success_idx: user, organisation, time, successful only)
  const counts = db
    .select({ weekCount: countSince(f.since.week).as('week_count'), monthCount: countSince(f.since.month).as('month_count'), lastThreeMonths: sql<number>`count(*)::int`.as('three_months') })
    .from(loginEvents)
    .where(and(successful, sql`${loginEvents.occurredAt} > ${at(f.since.threeMonths)}`))
    .as('counts');
  const latest = db
    .select({ lastLogin: sql<string | Date | null>`${loginEvents.occurredAt}`.as('last_login') })
    .from(loginEvents)
    .where(successful)
    .orderBy(desc(loginEvents.occurredAt))
    .limit(1)
    .as('latest');
  return db
    .select({
      userId: users.id,
      userName: users.userName,
      fullName: users.fullName,
      weekCount: counts.weekCount,
      monthCount: counts.monthCount,
      lastThreeMonths: counts.lastThreeMonths,
      lastLogin: latest.lastLogin,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoinLateral(counts, sql`true`)
    .leftJoinLateral(latest, sql`true`)
    .where(and(...conditions))
    .orderBy(asc(users.id));
}
