/**
 * Avatar upload: at most AVATAR_MAX_BYTES, and never stored as uploaded. The bytes must decode as a
 * PNG, JPEG, GIF or WebP image (judged by decoding them with sharp, never by the file name or the
 * declared content type); the stored avatar is that image re-made: turned upright by its EXIF
 * orientation, cropped to fill AVATAR_STORED_PX square (cover, centred) and encoded as WebP with no
 * metadata at all (no EXIF, GPS, ICC, XMP or comments), so nothing of the upload but its pixels is
 * kept. WebP keeps transparency (JPEG would flatten it), is far smaller than PNG for photographs, and
 * every browser the app supports shows it. Anything that does not decode (a GIF header followed by
 * HTML, a truncated file) is refused with 415. Stored as a blob in the useravatar container under a
 * server-generated id; the previous avatar blob is deleted in the same transaction.
 */
import { AVATAR_MAX_BYTES, PERMISSIONS } from '@orchard/shared/core';
import { USER_MESSAGES } from '@orchard/shared/users';
import type { AppDb } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { imageOf } from '../../lib/images';
import { deleteAvatarBlob, insertAvatarBlob, setUserAvatar } from './avatar.repository';
import { findMemberUser } from './user-members.repository';
import type { Caller } from './user-privileges';

/** Width and height of every stored avatar: sharp at 4x the 60 px the app shows. */
export const AVATAR_STORED_PX = 256;
export const AVATAR_STORED_TYPE = 'image/webp';
/** Larger pictures are refused before they are decoded (a small file can unpack to a huge image). */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;
const AVATAR_INPUT_FORMATS: ReadonlySet<string> = new Set(['png', 'jpeg', 'gif', 'webp']);

const notImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', USER_MESSAGES.avatarNotImage, [{ field: 'file', message: USER_MESSAGES.avatarNotImage }]);

/** What a failure to read the upload as a picture answers: too many pixels (413), else not an image (415). */
const refusal = (err: unknown) =>
  err instanceof Error && /pixel limit/i.test(err.message) ? new AppError('PAYLOAD_TOO_LARGE', USER_MESSAGES.avatarTooManyPixels) : notImage();

/** May the caller change this member's avatar? 404 for non-members, 403 for others' without users.manage. */
export async function checkAvatarAccess(db: AppDb, caller: Caller, userId: number): Promise<void> {
  const row = await findMemberUser(db, caller.organizationId, userId);
  if (!row) throw notFound('User');
  if (userId !== caller.userId && !caller.permissions.has(PERMISSIONS.usersManage)) throw forbidden();
}

/**
 * The avatar made anew from the uploaded bytes (see above); 415 when they are not a whole PNG, JPEG,
 * GIF or WebP image (only the first frame of an animation is kept).
 */
export async function remakeAvatar(bytes: Buffer): Promise<Buffer> {
  // failOn 'warning' (sharp's default, stated here on purpose): truncated or damaged data is refused
  const image = await imageOf(bytes, { failOn: 'warning', limitInputPixels: AVATAR_MAX_INPUT_PIXELS, animated: false });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch (err) {
    throw refusal(err);
  }
  if (!format || !AVATAR_INPUT_FORMATS.has(format)) throw notImage();
  try {
    return await image
      .rotate()
      .resize(AVATAR_STORED_PX, AVATAR_STORED_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch (err) {
    throw refusal(err);
  }
}

export async function replaceAvatar(db: AppDb, caller: Caller, userId: number, bytes: Buffer): Promise<{ avatar: string }> {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', USER_MESSAGES.avatarMissing, [{ field: 'file', message: USER_MESSAGES.avatarMissing }]);
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', USER_MESSAGES.avatarTooLarge);
  const avatar = await remakeAvatar(bytes);
  return db.transaction(async (tx) => {
    const row = await findMemberUser(tx, caller.organizationId, userId);
    if (!row) throw notFound('User');
    const blobId = await insertAvatarBlob(tx, { ownerUserId: userId, contentType: AVATAR_STORED_TYPE, bytes: avatar });
    await setUserAvatar(tx, userId, blobId);
    if (row.avatarBlobId) await deleteAvatarBlob(tx, row.avatarBlobId);
    return { avatar: blobId };
  });
}
