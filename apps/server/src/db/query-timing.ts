/**
 * How long each statement takes, told to whoever observes a database handle (the metrics:
 * plugins/metrics.ts). Timed where the app's statements reach the driver (client.ts): on PostgreSQL
 * each pooled connection's query(), on the embedded database the client's query, exec and the
 * statements of its transactions. Nothing is timed while nobody observes.
 */
import type pg from 'pg';

/** `seconds` a statement took; `failed` when the database refused it or the connection failed. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

export class QueryTimer {
  readonly #observers = new Set<QueryObserver>();

  /** Tells `observer` of every statement from now on; returns a function that stops it. */
  observe(observer: QueryObserver): () => void {
    this.#observers.add(observer);
    return () => void this.#observers.delete(observer);
  }

  get observed(): boolean {
    return this.#observers.size > 0;
  }

  /** Tells the observers about a statement started at `start` (process.hrtime.bigint()). */
  note(start: bigint, failed: boolean): void {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    for (const observer of this.#observers) observer(seconds, failed);
  }

  /** Runs `statement`, timing it. */
  time<T>(statement: () => Promise<T>): Promise<T> {
    if (!this.observed) return statement();
    const start = process.hrtime.bigint();
    const result = statement();
    result.then(
      () => this.note(start, false),
      () => this.note(start, true),
    );
    return result;
  }
}

/**
 * Times every query() of a pooled PostgreSQL connection: the pool's own query() (callback form)
 * and Drizzle's (promise form) both go through it. Streams and cursors (submittables) pass untimed.
 */
export function timePgClient(client: pg.PoolClient, timer: QueryTimer): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]): unknown => {
    if (!timer.observed) return query(...args);
    const start = process.hrtime.bigint();
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, result: unknown) => void;
      args[last] = (err: unknown, result: unknown) => {
        timer.note(start, Boolean(err));
        callback(err, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      result.then(
        () => timer.note(start, false),
        () => timer.note(start, true),
      );
    }
    return result;
  };
  Object.assign(client, { query: timed });
}

interface PgliteLike {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction(callback: (tx: never) => Promise<unknown>): Promise<unknown>;
}

/**
 * The embedded client (PGlite, or the client of its own process) as Drizzle sees it, with its
 * statements timed, those of its transactions too. Everything else is the client's own.
 */
export function timedPglite<C extends object>(client: C, timer: QueryTimer): C {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || property === 'constructor') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'query' || property === 'exec') {
        return (...args: unknown[]) => timer.time(() => method.apply(target, args) as Promise<unknown>);
      }
      if (property === 'transaction') {
        return (callback: (tx: object) => Promise<unknown>) =>
          (method as PgliteLike['transaction']).call(target, ((tx: object) => callback(timedPglite(tx, timer))) as never);
      }
      return method.bind(target);
    },
  });
}
