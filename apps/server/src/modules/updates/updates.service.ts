/**
 * Scheduling a product update. The file must be an archive judged by its bytes (file-type), never by
 * its name or declared type, and at most the configured UPDATE_MAX_BYTES. It replaces any pending
 * update in one transaction (the old file is deleted); stored under a server-generated id.
 */
import { UPDATE_ARCHIVE_TYPES, UPDATE_MESSAGES, type PendingUpdateResponse, type ProductUpdate } from '@orchard/shared/updates';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findPendingUpdate, insertPendingUpdate, lockUpdates, retirePendingUpdate, type ProductUpdateRow } from './updates.repository';

const ARCHIVE_TYPES: ReadonlySet<string> = new Set(UPDATE_ARCHIVE_TYPES);

function toDto(row: ProductUpdateRow): ProductUpdate {
  return { ...row, uploadedAt: row.uploadedAt.toISOString() };
}

export async function getPendingUpdate(db: AppDb): Promise<PendingUpdateResponse> {
  const row = await findPendingUpdate(db);
  return { pending: row ? toDto(row) : null };
}

export async function scheduleUpdate(db: AppDb, userId: number, bytes: Buffer, maxBytes: number): Promise<ProductUpdate> {
  if (bytes.length === 0) {
    throw new AppError('VALIDATION_FAILED', UPDATE_MESSAGES.fileMissing, [{ field: 'file', message: UPDATE_MESSAGES.fileMissing }]);
  }
  if (bytes.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', UPDATE_MESSAGES.tooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ARCHIVE_TYPES.has(detected.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPDATE_MESSAGES.notArchive, [{ field: 'file', message: UPDATE_MESSAGES.notArchive }]);
  }
  return db.transaction(async (tx) => {
    await lockUpdates(tx);
    await retirePendingUpdate(tx);
    await insertPendingUpdate(tx, { contentType: detected.mime, bytes, userId });
    return toDto((await findPendingUpdate(tx))!);
  });
}
