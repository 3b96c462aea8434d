/**
 * File uploads, the same for every upload route (the imports, the avatar, the product update): one
 * file in a multipart/form-data body, in the form field `file`, at most the route's own byte limit.
 * A body that is not a readable multipart form answers 400, a body of another type 415, a file under
 * another field name or no file 400 (the route's own words for "choose a file"), and a file over the
 * limit 413 as soon as the server has read one byte more than the limit.
 */

/** The form field every upload route reads its file from. */
export const UPLOAD_FILE_FIELD = 'file';

export const UPLOAD_MESSAGES = {
  malformed: 'The upload is not a complete multipart form',
  notMultipart: 'Send the file as a multipart form (multipart/form-data)',
  wrongField: (field: string) => `Send the file in the form field "${field}"`,
  tooLarge: (maxBytes: number) => `The file is larger than ${maxBytes} bytes`,
} as const;

/** The stable reason key of each of UPLOAD_MESSAGES (see reasons.ts). */
export const UPLOAD_REASONS = {
  malformed: 'upload-malformed',
  notMultipart: 'upload-not-multipart',
  wrongField: 'upload-field-wrong',
  tooLarge: 'upload-too-large',
} as const satisfies Record<keyof typeof UPLOAD_MESSAGES, string>;
