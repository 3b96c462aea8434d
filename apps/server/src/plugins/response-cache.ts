/**
 * Answers of signed-in GET routes, kept in memory and given again to the same caller until anything
 * in the database changes. A list or report that fifty people (or one screen polling) ask for again
 * is then read once per change instead of once per request (BENCHMARKS.md, routes section).
 *
 * What makes a kept answer safe to give again:
 * - Who asks: the key holds the user, the session and the current organisation, so an answer is
 *   only ever given to the caller it was made for, in the same organisation. The access checks run
 *   before the lookup on every request (plugins/access.ts), so a disabled user, an ended session or
 *   a lost membership or permission is refused as before; a kept answer never skips them.
 * - What is asked: the whole request URL (path and query string as sent), the Accept header and the
 *   encoding the answer is sent in (plugins/compression.ts): an answer is kept as it was sent, so a
 *   large one is compressed once, not for every caller it is given to.
 * - When: the app's clock's current second. Answers that depend on "now" (today's window, overdue
 *   actions) are made again at least every second, and a test's fixed or moved clock is obeyed.
 * - What changed: every committed change to any table announces itself (db/changes.ts) and clears
 *   everything kept, on every instance. A write through this instance clears it before its answer
 *   leaves (as the access cache does), so the writer's next read sees the write. An answer whose
 *   reading overlapped a clear is not kept. While the change feed is down nothing is kept or given.
 * - What is kept: only 200 answers with a JSON body that the route produced as a whole (files,
 *   streams and errors never). Routes may opt out with `config: { cache: false }`.
 * - How much: at most `maxBytes`, least recently used answers go first; 0 turns the cache off. One
 *   answer is held per request (caller, URL, Accept), stamped with the second it was made in: a new
 *   second's answer replaces its own older one, so a screen polled all day holds one answer, not
 *   one per second until the least recently used go.
 * - Together: callers asking for an answer that is being made wait for it instead of each making it
 *   again (fifty connections at the start of a second would otherwise all read the database). A
 *   waiter whose answer turns out not to be kept (an error, a clear meanwhile) makes its own.
 * - The second before: while this second's answer is being made, the callers who would wait for it
 *   are given the answer kept in the second just before, if there is one: nothing has changed since
 *   it was made (a change clears it), so it differs from the new one only by the one second its
 *   "now" has moved on. The caller whose request makes the answer always gets the new one, so one
 *   caller asking one after another never sees an older answer than before. Without it, every
 *   second each busy route's callers all waited for one remake (the p99 of the routes bench).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { READ_METHODS } from './access';
import { encodingOf, isJsonAnswer } from './compression';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route's answers are never kept (plugins/response-cache.ts) */
    cache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

export interface ResponseCacheStats {
  hits: number;
  /** answers of the second before, given while this second's was being made */
  previous: number;
  misses: number;
  stored: number;
  /** answers held now */
  size: number;
}

export interface ResponseCache {
  /** forget every kept answer (a change was committed somewhere) */
  clear(): void;
  stats(): ResponseCacheStats;
}

interface Entry {
  /** as sent: the JSON text, or its compressed bytes (with their content-encoding among the headers) */
  body: string | Buffer;
  headers: Record<string, string | number | string[]>;
  /** the app clock's second it was made in */
  second: number;
}

interface Slot {
  key: string;
  second: number;
  generation: number;
  /** tells the callers waiting for this answer what became of it */
  settle: (entry: Entry | null) => void;
}

export interface ResponseCacheOptions {
  /** bytes of answers kept at most; 0: nothing is kept */
  maxBytes: number;
  /** whether every change is being announced (db/changes.ts); nothing is kept or given while not */
  isLive: () => boolean;
}

/** Headers of a kept answer that belong to one response only. */
const PER_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'date']);

const slots = new WeakMap<FastifyRequest, Slot>();

/** A whole JSON answer of 200, as it is or as compressed whole: files, streams and errors are never kept. */
function keepable(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (reply.statusCode !== 200) return false;
  if (typeof payload !== 'string' && !(Buffer.isBuffer(payload) && reply.hasHeader('content-encoding'))) return false;
  return isJsonAnswer(reply.getHeader('content-type'));
}

function entryOf(reply: FastifyReply, body: string | Buffer, second: number): Entry {
  const headers: Entry['headers'] = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !PER_RESPONSE_HEADERS.has(name.toLowerCase())) headers[name] = value;
  }
  return { body, headers, second };
}

export const responseCachePlugin = fp(
  async (app: FastifyInstance, opts: ResponseCacheOptions) => {
    const { maxBytes, isLive } = opts;
    const counts = { hits: 0, previous: 0, misses: 0, stored: 0 };
    let generation = 0;
    const store =
      maxBytes > 0
        ? new LRUCache<string, Entry>({
            maxSize: maxBytes,
            // one answer may take at most an eighth of the cache
            maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
            // text: UTF-16 in memory; plus the key and headers
            sizeCalculation: (entry, key) => (typeof entry.body === 'string' ? entry.body.length * 2 : entry.body.length) + key.length * 2 + 256,
          })
        : null;

    /** answers being made now, by key and second: later callers wait for them */
    const inFlight = new Map<string, Promise<Entry | null>>();

    const clear = () => {
      generation += 1;
      store?.clear();
      // answers being made now are not kept (their generation is gone); nobody new waits for them
      inFlight.clear();
    };
    app.decorate('responseCache', {
      clear,
      stats: () => ({ ...counts, size: store?.size ?? 0 }),
    } satisfies ResponseCache);

    if (!store) return;

    /** the key of this request's answer; null: never kept */
    const keyOf = (request: FastifyRequest): string | null => {
      if (request.method !== 'GET' || !request.auth) return null;
      const config = request.routeOptions.config as { cache?: boolean; auth?: unknown };
      if (config.cache === false || config.auth === 'public' || config.auth === undefined) return null;
      const caller = [request.auth.userId, request.auth.sessionId, request.tenant?.organizationId ?? ''];
      return [...caller, request.headers.accept ?? '', encodingOf(request) ?? '', request.url].join('\u0000');
    };

    const give = (reply: FastifyReply, entry: Entry) => {
      reply.headers(entry.headers);
      return reply.send(entry.body);
    };

    // after the access checks (onRequest) and the route's own validation
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === null || !isLive()) return;
      const second = Math.floor(app.clock.now().getTime() / 1000);
      const kept = store.get(key);
      if (kept?.second === second) {
        counts.hits += 1;
        return give(reply, kept);
      }
      const making = inFlight.get(`${second}\u0000${key}`);
      if (making) {
        if (kept?.second === second - 1) {
          counts.previous += 1;
          return give(reply, kept);
        }
        const made = await making;
        if (made) {
          counts.hits += 1;
          return give(reply, made);
        }
      }
      counts.misses += 1;
      const flightKey = `${second}\u0000${key}`;
      if (!inFlight.has(flightKey)) {
        let settle: Slot['settle'] = () => undefined;
        const made = new Promise<Entry | null>((resolve) => (settle = resolve));
        inFlight.set(flightKey, made);
        slots.set(request, {
          key,
          second,
          generation,
          settle: (entry) => {
            if (inFlight.get(flightKey) === made) inFlight.delete(flightKey);
            settle(entry);
          },
        });
      }
      return undefined;
    });

    // an answer that never reaches onSend (the connection closed, a hook failed) releases its waiters
    const release = async (request: FastifyRequest) => {
      const slot = slots.get(request);
      if (!slot) return;
      slots.delete(request);
      slot.settle(null);
    };
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);

    app.addHook('onSend', async (request, reply, payload) => {
      if (!READ_METHODS.has(request.method)) {
        // the handler's transaction has committed: the writer's next read must see it
        clear();
        return payload;
      }
      const slot = slots.get(request);
      if (!slot) return payload;
      slots.delete(request);
      const entry = keepable(reply, payload) && slot.generation === generation && isLive() ? entryOf(reply, payload, slot.second) : null;
      // an answer made late never replaces one of a later second
      if (entry && !((store.peek(slot.key)?.second ?? -Infinity) > entry.second)) {
        store.set(slot.key, entry);
        counts.stored += 1;
      }
      slot.settle(entry);
      return payload;
    });
  },
  // after compression: its onSend runs first, so what is kept is what was sent
  { name: 'response-cache', dependencies: ['access', 'compression'] },
);
