/** Reading stored blobs (avatars, logos, update files) on behalf of a user. */
import { and, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { blobs, memberships, organizations } from '../../db/schema/index';

/**
 * The blob, if the user may see it:
 * - an organisation's blob (organization_id set) by members of that active organisation;
 * - a user's blob (organization_id null) by its owner and by anyone sharing an active
 *   organisation with the owner.
 * Anything else is indistinguishable from a blob that does not exist.
 */
export async function findVisibleBlob(db: AppDb, userId: number, container: string, id: string) {
  const mine = alias(memberships, 'mine');
  const theirs = alias(memberships, 'theirs');

  const memberOfBlobOrganization = db
    .select({ one: sql`1` })
    .from(mine)
    .innerJoin(organizations, eq(organizations.id, mine.organizationId))
    .where(
      and(eq(mine.userId, userId), eq(mine.organizationId, blobs.organizationId), eq(organizations.isActive, true)),
    );
  const sharesOrganizationWithOwner = db
    .select({ one: sql`1` })
    .from(mine)
    .innerJoin(theirs, eq(theirs.organizationId, mine.organizationId))
    .innerJoin(organizations, eq(organizations.id, mine.organizationId))
    .where(and(eq(mine.userId, userId), eq(theirs.userId, blobs.ownerUserId), eq(organizations.isActive, true)));

  const [row] = await db
    .select({ contentType: blobs.contentType, bytes: blobs.bytes })
    .from(blobs)
    .where(
      and(
        eq(blobs.id, id),
        eq(blobs.container, container),
        or(
          and(isNotNull(blobs.organizationId), exists(memberOfBlobOrganization)),
          and(
            isNull(blobs.organizationId),
            isNotNull(blobs.ownerUserId),
            or(eq(blobs.ownerUserId, userId), exists(sharesOrganizationWithOwner)),
          ),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}
