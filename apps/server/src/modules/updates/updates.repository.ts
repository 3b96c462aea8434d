/** Product updates and their files (blobs of the `update` container, owned by no one). */
import { BLOB_CONTAINERS } from '@orchard/shared/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { blobs, productUpdates, users } from '../../db/schema/index';

export interface ProductUpdateRow {
  id: number;
  size: number;
  contentType: string;
  uploadedBy: string | null;
  uploadedAt: Date;
}

export async function findPendingUpdate(db: AppDb): Promise<ProductUpdateRow | null> {
  const [row] = await db
    .select({
      id: productUpdates.id,
      size: productUpdates.size,
      contentType: productUpdates.contentType,
      uploadedBy: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${users.userName})`,
      uploadedAt: productUpdates.uploadedAt,
    })
    .from(productUpdates)
    .leftJoin(users, eq(users.id, productUpdates.uploadedByUserId))
    .where(eq(productUpdates.state, 'pending'))
    .limit(1);
  return row ?? null;
}

/** Serialises schedulers so two uploads at once end with exactly one pending update. */
export async function lockUpdates(tx: AppDb): Promise<void> {
  await tx.execute(sql`lock table ${productUpdates} in exclusive mode`);
}

/** Marks the pending update replaced and deletes its file; answers whether there was one. */
export async function retirePendingUpdate(tx: AppDb): Promise<boolean> {
  const [pending] = await tx
    .select({ id: productUpdates.id, blobId: productUpdates.blobId })
    .from(productUpdates)
    .where(eq(productUpdates.state, 'pending'))
    .limit(1);
  if (!pending) return false;
  await tx.update(productUpdates).set({ state: 'replaced', blobId: null }).where(eq(productUpdates.id, pending.id));
  if (pending.blobId) await deleteUpdateBlob(tx, pending.blobId);
  return true;
}

export async function deleteUpdateBlob(tx: AppDb, blobId: string): Promise<void> {
  await tx.delete(blobs).where(and(eq(blobs.id, blobId), eq(blobs.container, BLOB_CONTAINERS.update)));
}

export async function insertPendingUpdate(
  tx: AppDb,
  file: { contentType: string; bytes: Buffer; userId: number },
): Promise<number> {
  const [blob] = await tx
    .insert(blobs)
    .values({
      container: BLOB_CONTAINERS.update,
      contentType: file.contentType,
      size: file.bytes.length,
      bytes: file.bytes,
      organizationId: null,
      ownerUserId: null,
    })
    .returning({ id: blobs.id });
  const [row] = await tx
    .insert(productUpdates)
    .values({ blobId: blob!.id, contentType: file.contentType, size: file.bytes.length, uploadedByUserId: file.userId })
    .returning({ id: productUpdates.id });
  return row!.id;
}
