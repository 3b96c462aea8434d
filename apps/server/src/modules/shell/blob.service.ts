/** Serving stored blobs. Only well-known raster images are shown inline; anything else downloads. */
import type { AppDb } from '../../db/client';
import { notFound } from '../../lib/errors';
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
