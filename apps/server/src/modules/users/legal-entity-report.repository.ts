/** Rows of the legal-entity report: members holding given roles, with their farms' legal entities. */
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { farms, legalEntities, userFarms, userRoles, users } from '../../db/schema/index';
import { isMemberOf } from './user-members.repository';

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
