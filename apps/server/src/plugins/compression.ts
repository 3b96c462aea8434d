/**
 * JSON answers are sent compressed to callers that accept it (every browser does): Brotli, else
 * gzip, as the request's Accept-Encoding allows (its q-values obeyed, q=0 refuses). A schedule page
 * or a session list goes out at a tenth of its size or less (BENCHMARKS.md, Section `routes`): less to carry on a farm's
 * mobile connection, and less for the server to write (writing a large answer's bytes was most of
 * its cost under load: BENCHMARKS.md, routes section).
 *
 * What is compressed: a whole JSON answer the route produced (any status), of at least
 * MIN_COMPRESSED_BYTES, not already encoded. Files and streams (CSV exports, the event stream,
 * photos) are sent as they are; the web app's own files are compressed once, at build time
 * (plugins/web-app.ts). The token endpoints' answers (/connect: access and refresh tokens) are
 * never compressed: a compressed answer's size can tell an observer of the traffic about a secret
 * in it when the request also carries text of their choosing (the BREACH attack).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectPath } from './route-policy';

/** Answers smaller than this go as they are: a packet holds them either way. */
export const MIN_COMPRESSED_BYTES = 1024;

export type AnswerEncoding = 'br' | 'gzip';

/** preferred first when the caller's q-values tie */
const ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli at quality 3 and gzip at level 3: an answer made fresh for each request pays for its
 * compression on every request, so the fast levels (quality 5 took twice as long for little less;
 * the defaults, 11 and 6, many times longer: BENCHMARKS.md, Section `routes`).
 */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 3 };

/**
 * Answers smaller than this are compressed on the spot, larger ones on libuv's thread pool: handing
 * a small answer to a thread and back cost more than compressing it (BENCHMARKS.md, Section `routes`).
 */
const COMPRESS_IN_PLACE_BYTES = 64 * 1024;

/** The encoding a JSON answer to this request is sent in; null: as it is. */
function encodingOf(request: FastifyRequest): AnswerEncoding | null {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || accepted === '') return null;
  return negotiate(accepted, ENCODINGS) as AnswerEncoding | null;
}

async function compress(body: Buffer | string, encoding: AnswerEncoding): Promise<Buffer> {
  if (Buffer.byteLength(body) < COMPRESS_IN_PLACE_BYTES) return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS);
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzip(body, GZIP_OPTIONS);
}

/** Whether an answer's Content-Type is JSON (the answers this plugin compresses). */
function isJsonAnswer(type: unknown): boolean {
  return typeof type === 'string' && type.includes('application/json');
}

/** Adds accept-encoding to the answer's Vary header, keeping what it names already. */
function varyOnEncoding(existing: unknown): string {
  const names = typeof existing === 'string' ? existing.split(',').map((n) => n.trim()).filter(Boolean) : [];
  if (names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'accept-encoding'].join(', ');
}

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' || !isJsonAnswer(reply.getHeader('content-type')) || reply.hasHeader('content-encoding')) return payload;
      if (isConnectPath(request)) return payload;
      if (Buffer.byteLength(payload) < MIN_COMPRESSED_BYTES) return payload;
      // the answer depends on the header from here on, whichever encoding it is sent in
      reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
      const encoding = encodingOf(request);
      if (!encoding) return payload;
      const compressed = await compress(payload, encoding);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compression', dependencies: ['route-policy'] },
);
