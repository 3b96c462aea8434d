/** Serving stored blobs. Only well-known raster images are shown inline; anything else downloads. */
import { photoFileName, type PhotoDownloadType } from '@orchard/shared/shell';
import type { AppDb } from '../../db/client';
import { notFound } from '../../lib/errors';
import { imageOf } from '../../lib/images';
import { findVisibleBlob } from './blob.repository';

/** SVG is deliberately absent: it can carry script. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif']);

export interface BlobDownload {
  contentType: string;
  disposition: 'inline' | 'attachment';
  bytes: Buffer;
}

export async function getBlob(db: AppDb, userId: number, container: string, id: string): Promise<BlobDownload> {
  const blob = await findVisibleBlob(db, userId, container, id);
  if (!blob) throw notFound('Blob');
  const mediaType = blob.contentType.split(';')[0]!.trim().toLowerCase();
  return {
    contentType: blob.contentType,
    disposition: INLINE_TYPES.has(mediaType) ? 'inline' : 'attachment',
    bytes: blob.bytes,
  };
}

export interface PhotoDownload {
  contentType: PhotoDownloadType;
  fileName: string;
  bytes: Buffer;
}

/**
 * A stored picture the user may see, re-encoded as the asked type (JPEG by default; transparency
 * on white, since JPEG has none) and named Photo-yyyy-MM-dd-HH-mm-ss.jpg. A blob that is not one of
 * the raster images answers as one that does not exist: there is no photo to download.
 */
export async function downloadPhoto(db: AppDb, userId: number, container: string, id: string, type: PhotoDownloadType, now: Date): Promise<PhotoDownload> {
  const blob = await findVisibleBlob(db, userId, container, id);
  if (!blob || !INLINE_TYPES.has(blob.contentType.split(';')[0]!.trim().toLowerCase())) throw notFound('Blob');
  const image = await imageOf(blob.bytes, { failOn: 'warning', animated: false });
  const encoded = type === 'image/png' ? image.png() : image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 });
  // stored bytes that do not decode (damaged, or stored before pictures were re-made) are no photo
  const bytes = await encoded.toBuffer().catch(() => {
    throw notFound('Blob');
  });
  return { contentType: type, fileName: photoFileName(now, type), bytes };
}
