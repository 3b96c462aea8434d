/**
 * Reading the one file of an upload route, the same way for every one (the imports, the avatar, the
 * product update; shared uploads.ts states the rules). The route declares its byte limit, and the form
 * field when not `file`, in its config (`upload`), so the route inventory knows every upload route's
 * limit. The file is read as it arrives: one byte over the limit answers 413 at once (the rest of the
 * body is discarded as it comes, never kept). A form that is malformed or cut short answers 400, a
 * body that is not multipart 415, a file under another field name 400, and a form without a file (or
 * a request without a body) 400 in the route's own words.
 */
import type { Readable } from 'node:stream';
import { UPLOAD_FILE_FIELD, UPLOAD_MESSAGES } from '@orchard/shared/core';
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../lib/errors';

/** An upload route's file: at most `maxBytes` bytes, in the form field `field` (default `file`). */
export interface UploadRule {
  maxBytes: number;
  field?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** an upload route's file (http/upload.ts) */
    upload?: UploadRule;
  }
}

/** The route's own texts; the shared upload texts stand in for those it does not give. */
export interface UploadMessages {
  /** 400: the form has no file, or the request no body */
  missing: string;
  /** 413: the file is over the limit (default: UPLOAD_MESSAGES.tooLarge(limit)) */
  tooLarge?: string;
  /** 415: the body is not multipart (default: UPLOAD_MESSAGES.notMultipart) */
  notMultipart?: string;
}

const malformed = () => validationFailed(UPLOAD_MESSAGES.malformed);
const tooLargeRequest = () => new AppError('PAYLOAD_TOO_LARGE', 'The request is too large');

/** The texts of the errors busboy (under @fastify/multipart) raises for a body that is not a readable form. */
const UNREADABLE_FORM = [
  'Multipart: Boundary not found',
  'Unsupported Content-Type.',
  'Missing Content-Type-header.',
  'Unexpected end of multipart data',
  'Unexpected end of form',
  'Malformed part header',
];

/**
 * The refusal a failure to read a multipart body is, or undefined for any other error:
 * @fastify/multipart's own errors by their code; and, for a request with a multipart body, busboy's
 * by their text and a stream that closed before its end (the form was cut short).
 */
export function multipartRefusal(err: unknown, multipartBody: boolean): AppError | undefined {
  if (!(err instanceof Error) || err instanceof AppError) return undefined;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.notMultipart);
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLargeRequest();
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return malformed();
  }
  if (!multipartBody) return undefined;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || UNREADABLE_FORM.includes(err.message) || err.message.includes('terminated early')) return malformed();
  return undefined;
}

/** The bytes of the route's file (see the header), or the refusal. */
export async function readUploadedFile(request: FastifyRequest, messages: UploadMessages): Promise<Buffer> {
  const rule = request.routeOptions.config.upload;
  if (!rule) throw new Error(`${request.routeOptions.url ?? request.url} reads an upload without declaring config.upload`);
  const field = rule.field ?? UPLOAD_FILE_FIELD;
  const missing = () => validationFailed(messages.missing, [{ field, message: messages.missing }]);
  if (!request.isMultipart()) {
    if (request.headers['content-type'] === undefined) throw missing();
    const text = messages.notMultipart ?? UPLOAD_MESSAGES.notMultipart;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', text, [{ field, message: text }]);
  }
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge ?? UPLOAD_MESSAGES.tooLarge(rule.maxBytes));
  try {
    const part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
    if (!part) throw missing();
    if (part.fieldname !== field) {
      // the rest of the body is read and dropped, so the answer is not held up behind it
      part.file.resume();
      const text = UPLOAD_MESSAGES.wrongField(field);
      throw validationFailed(text, [{ field: part.fieldname, message: text }]);
    }
    return await readAtMost(part.file, tooLarge);
  } catch (err) {
    throw multipartRefusal(err, true) ?? err;
  }
}

/**
 * The file's bytes as they arrive. Busboy passes at most the limit and then says 'limit' (the file
 * was longer): that refuses at once. An error, or a close before the end, is a form cut short; so
 * is a file already closed when its reading starts (the whole body came at once and ended early).
 */
function readAtMost(file: Readable & { truncated?: boolean }, tooLarge: () => AppError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (file.destroyed) {
      reject(malformed());
      return;
    }
    const chunks: Buffer[] = [];
    let ended = false;
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      reject(tooLarge());
    });
    file.once('end', () => {
      ended = true;
      if (file.truncated) reject(tooLarge());
      else resolve(Buffer.concat(chunks));
    });
    file.once('error', () => reject(malformed()));
    file.once('close', () => {
      if (!ended) reject(malformed());
    });
  });
}
