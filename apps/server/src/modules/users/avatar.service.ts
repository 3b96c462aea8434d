/**
 * Avatar upload: images only, judged by their bytes (file-type), never by the file name or the
 * declared content type; at most AVATAR_MAX_BYTES. Stored as a blob in the useravatar container
 * under a server-generated id; the previous avatar blob is deleted in the same transaction.
 */
import { AVATAR_MAX_BYTES, PERMISSIONS, USER_MESSAGES } from '@orchard/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDb } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { deleteAvatarBlob, findMemberUser, insertAvatarBlob, setUserAvatar } from './users.repository';
import type { Caller } from './users.service';

const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** May the caller change this member's avatar? 404 for non-members, 403 for others' without users.manage. */
export async function checkAvatarAccess(db: AppDb, caller: Caller, userId: number): Promise<void> {
  const row = await findMemberUser(db, caller.organizationId, userId);
  if (!row) throw notFound('User');
  if (userId !== caller.userId && !caller.permissions.has(PERMISSIONS.usersManage)) throw forbidden();
}

export async function replaceAvatar(db: AppDb, caller: Caller, userId: number, bytes: Buffer): Promise<{ avatar: string }> {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', USER_MESSAGES.avatarMissing, [{ field: 'file', message: USER_MESSAGES.avatarMissing }]);
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', USER_MESSAGES.avatarTooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !AVATAR_TYPES.has(detected.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', USER_MESSAGES.avatarNotImage, [{ field: 'file', message: USER_MESSAGES.avatarNotImage }]);
  }
  return db.transaction(async (tx) => {
    const row = await findMemberUser(tx, caller.organizationId, userId);
    if (!row) throw notFound('User');
    const blobId = await insertAvatarBlob(tx, { ownerUserId: userId, contentType: detected.mime, bytes });
    await setUserAvatar(tx, userId, blobId);
    if (row.avatarBlobId) await deleteAvatarBlob(tx, row.avatarBlobId);
    return { avatar: blobId };
  });
}
