/**
 * An answer of JSON lines (application/x-ndjson) for long work a client follows as it runs: the work
 * writes its progress lines, and the last line is its result or, when it throws, the error envelope
 * the application's error handler gives (with the HTTP status the plain request would have had).
 * The work's signal aborts when the client goes away before the answer is complete.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const JSON_LINES_TYPE = 'application/x-ndjson';

export interface JsonLinesWork {
  /** writes one line, then hands the event loop over so it leaves now (and a gone client is noticed) */
  line(value: unknown): Promise<void>;
  /** aborted when the client goes away */
  signal: AbortSignal;
}

/** Whether the client asked for JSON lines (Accept names the type). */
export function acceptsJsonLines(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').split(',').some((type) => type.split(';')[0]!.trim().toLowerCase() === JSON_LINES_TYPE);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the application's error handler answers for an error: its status and envelope. */
function errorAnswer(app: FastifyInstance, err: unknown, request: FastifyRequest): { status: number; payload: unknown } {
  const answer = { status: 500, payload: undefined as unknown };
  const recorder = {
    status(code: number) {
      answer.status = code;
      return recorder;
    },
    code(code: number) {
      return recorder.status(code);
    },
    header: () => recorder,
    type: () => recorder,
    send(payload: unknown) {
      answer.payload = payload;
      return recorder;
    },
  };
  void app.errorHandler(err as Parameters<FastifyInstance['errorHandler']>[0], request, recorder as unknown as FastifyReply);
  return answer;
}

/**
 * Answers 200 with the lines of `work`: its progress lines, then `last(result)` or the error line
 * (`{ ...envelope, status }`). When the client goes away the work's signal aborts and nothing more is written.
 */
export function sendJsonLines<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (lines: JsonLinesWork) => Promise<T>,
  last: (result: T) => unknown,
): FastifyReply {
  const body = new PassThrough();
  // writes after the client is gone fail quietly; the work stops at its next line
  body.on('error', () => undefined);
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new Error('The client went away'));
  });
  const write = (value: unknown) => {
    if (!gone.signal.aborted) body.write(`${JSON.stringify(value)}\n`);
  };
  const run = async () => {
    try {
      const result = await work({
        signal: gone.signal,
        line: async (value) => {
          write(value);
          await nextTurn();
        },
      });
      write(last(result));
    } catch (err) {
      if (gone.signal.aborted) request.log.info('the client went away; the work stopped');
      else {
        const { status, payload } = errorAnswer(app, err, request);
        write({ ...(payload as object), status });
      }
    } finally {
      body.end();
    }
  };
  void run();
  return reply
    .code(200)
    .header('content-type', `${JSON_LINES_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(body);
}
