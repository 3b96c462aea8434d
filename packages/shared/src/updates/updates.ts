/**
 * Product update API (docs/domain.md, Upload Update): one pending update for the whole system. Uploading
 * schedules a file (an archive, judged by its bytes) and replaces any update already pending; the
 * screen asks whether one is pending to show the warning instead of the chooser. Super users only
 * (the update is system-wide); no organisation is needed.
 */
import { z } from 'zod';

export const UPDATES_PATHS = {
  /** the upload: multipart form with field `file`; the answer is not read by the screen */
  upload: '/api/core/UploadUpdate',
  /** the pending update, if any */
  pending: '/api/updates/pending',
} as const;

/** The multipart field that carries the file. */
export const UPDATE_FILE_FIELD = 'file';
/** Default server limit for one update file; the server's UPDATE_MAX_BYTES setting overrides it. */
export const UPDATE_MAX_BYTES_DEFAULT = 50_000_000;
/** Archive types an update may be, detected from the file's content (never its name or declared type). */
export const UPDATE_ARCHIVE_TYPES = [
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
] as const;

export const UPDATE_MESSAGES = {
  fileMissing: 'Choose an update file',
  tooLarge: 'The update file is too large',
  notArchive: 'The update file must be an archive (zip, tar, gzip, 7z, bzip2, xz or zstd)',
} as const;

/** The stable reason key of each of UPDATE_MESSAGES, sent beside the text (see reasons.ts). */
export const UPDATE_REASONS = {
  fileMissing: 'update-file-missing',
  tooLarge: 'update-too-large',
  notArchive: 'update-not-archive',
} as const satisfies Record<keyof typeof UPDATE_MESSAGES, string>;

/** A scheduled update: server-generated id, size and type found by content, who and when. */
export const productUpdateSchema = z.object({
  id: z.number().int(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const pendingUpdateResponseSchema = z.object({ pending: productUpdateSchema.nullable() });
export type PendingUpdateResponse = z.infer<typeof pendingUpdateResponseSchema>;
