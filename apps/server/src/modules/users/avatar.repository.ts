/** Stored avatars: blobs of the useravatar container, and the user's link to theirs. */
import { BLOB_CONTAINERS } from '@orchard/shared/core';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { blobs, users } from '../../db/schema/index';

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
