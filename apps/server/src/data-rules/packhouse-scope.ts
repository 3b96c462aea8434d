/**
 * Packhouse scope: which packhouses an organisation may use (choose in harvest reports and picking
 * schedules, list and manage, assign to its users).
 *
 * The rule, stated once here: packhouses are one global list; an organisation uses a packhouse when
 * it runs it (packhouses.owner_organization_id) or has linked it (organization_packhouses). Every
 * other packhouse, another organisation's or nobody's, is not the organisation's and answers as if
 * it did not exist.
 *
 * Seeing rows that growers address to a packhouse is a narrower rule (only the organisation that runs
 * it); the picking and harvest repositories state that one with owner_organization_id directly.
 */
import { and, asc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, alias } from 'drizzle-orm/pg-core';
import type { AppDb } from '../db/client';
import { organizationPackhouses, packhouses } from '../db/schema/index';

const link = alias(organizationPackhouses, 'scope_organization_packhouse');

/** A where-clause over `packhouses`: the packhouse is one the organisation runs or has linked. */
export function packhouseUsableBy(organizationId: number): SQL {
  const linked = new QueryBuilder()
    .select({ one: sql`1` })
    .from(link)
    .where(and(eq(link.packhouseId, packhouses.id), eq(link.organizationId, organizationId)));
  return or(eq(packhouses.ownerOrganizationId, organizationId), exists(linked))!;
}

/**
 * The packhouses the organisation uses, by name: id, names and the organisation that runs it; at
 * most `limit` of them when given.
 */
export async function findUsablePackhouseRows(db: AppDb, organizationId: number, limit?: number) {
  const query = db
    .select({
      id: packhouses.id,
      name: packhouses.name,
      shortName: packhouses.shortName,
      ownerOrganizationId: packhouses.ownerOrganizationId,
    })
    .from(packhouses)
    .where(packhouseUsableBy(organizationId))
    .orderBy(asc(packhouses.name), asc(packhouses.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}
