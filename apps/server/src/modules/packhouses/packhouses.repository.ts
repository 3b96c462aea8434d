/**
 * Queries of packhouse management. The organisation's list is the packhouses it runs or has linked
 * (data-rules/packhouse-scope).
 */
import { and, asc, eq, ilike, notExists, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { packhouseUsableBy } from '../../data-rules/packhouse-scope';
import { organizationPackhouses, packhouses, pickingEstimates } from '../../db/schema/index';
import { containsPattern } from '../../db/contains-pattern';

const columns = {
  id: packhouses.id,
  name: packhouses.name,
  shortname: packhouses.shortName,
  ownerOrganizationId: packhouses.ownerOrganizationId,
};

export async function findOrganisationPackhouses(db: AppDb, organizationId: number, limit: number) {
  return db
    .select(columns)
    .from(packhouses)
    .where(packhouseUsableBy(organizationId))
    .orderBy(asc(packhouses.name), asc(packhouses.id))
    .limit(limit);
}

export async function findOrganisationPackhouse(db: AppDb, organizationId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(packhouses)
    .where(and(eq(packhouses.id, id), packhouseUsableBy(organizationId)))
    .limit(1);
  return row ?? null;
}

export async function findPackhouse(db: AppDb, id: number) {
  const [row] = await db.select(columns).from(packhouses).where(eq(packhouses.id, id)).limit(1);
  return row ?? null;
}

/** Packhouses whose name contains `query` (case-insensitive), not yet in the organisation's list. */
export async function findSuggestions(db: AppDb, organizationId: number, query: string, limit: number) {
  const pattern = containsPattern(query);
  return db
    .select({ id: packhouses.id, name: packhouses.name, shortname: packhouses.shortName })
    .from(packhouses)
    .where(
      and(
        ilike(packhouses.name, pattern),
        or(sql`${packhouses.ownerOrganizationId} is null`, sql`${packhouses.ownerOrganizationId} <> ${organizationId}`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(organizationPackhouses)
            .where(and(eq(organizationPackhouses.packhouseId, packhouses.id), eq(organizationPackhouses.organizationId, organizationId))),
        ),
      ),
    )
    .orderBy(asc(packhouses.name), asc(packhouses.id))
    .limit(limit);
}

/**
 * Creates the packhouse, or answers null when its name is taken (ignoring case and spacing: the
 * packhouseNameKey of schema/places.ts). The unique index decides, so of any number of simultaneous
 * creates of one name exactly one succeeds, on every instance.
 */
export async function insertPackhouse(db: AppDb, values: { name: string; shortName: string | null; ownerOrganizationId: number }) {
  const [row] = await db
    .insert(packhouses)
    .values(values)
    // the name's unique index is the table's only constraint an insert can meet (ids are generated)
    .onConflictDoNothing()
    .returning(columns);
  return row ?? null;
}

export async function linkPackhouse(db: AppDb, organizationId: number, packhouseId: number) {
  await db.insert(organizationPackhouses).values({ organizationId, packhouseId }).onConflictDoNothing();
}

export async function unlinkPackhouse(db: AppDb, organizationId: number, packhouseId: number) {
  await db
    .delete(organizationPackhouses)
    .where(and(eq(organizationPackhouses.organizationId, organizationId), eq(organizationPackhouses.packhouseId, packhouseId)));
}

export async function hasPickingRows(db: AppDb, organizationId: number, packhouseId: number): Promise<boolean> {
  const rows = await db
    .select({ id: pickingEstimates.id })
    .from(pickingEstimates)
    .where(and(eq(pickingEstimates.organizationId, organizationId), eq(pickingEstimates.packhouseId, packhouseId)))
    .limit(1);
  return rows.length > 0;
}
