/**
 * The embedded database (PGlite) in a process of its own, for a server on a data directory.
 *
 * PGlite runs PostgreSQL as WebAssembly on the thread that calls it. In the server's own process
 * every query held the event loop (no request was read, no answer written while a report was
 * being summed), and the database's memory (its shared buffers live in the WebAssembly heap; how
 * much: BENCHMARKS.md, Section `cold`) counted as the server's. In a process of its
 * own the database works on one core while the server answers on the other, and the server's
 * memory is its own, as with PostgreSQL.
 *
 * The child (embedded-database.ts) holds the directory's lock and the PGlite instance; this side
 * is a client with the part of PGlite's interface that Drizzle and the app use (query, exec,
 * transaction, listen, close), so the rest of the app sees an embedded database as before.
 * Queries wait in the child as they waited in PGlite: one statement at a time, and nothing from
 * outside a transaction while one is open.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Results, Transaction } from '@electric-sql/pglite';
import { DataDirectoryInUseError } from './data-dir-lock';
import type { DatabaseMessage, ServerMessage, WireError, WireQueryOptions } from './embedded-protocol';

/** The child's entry beside this module: the TypeScript source under tsx, the built file in dist/. */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const file = path.join(path.dirname(here), `embedded-database${ext}`);
  return { file, execArgv: ext === '.ts' ? ['--import', 'tsx'] : [] };
}

/** Drizzle asks for some types as raw text with parsers that return their input; only those cross. */
const PARSER_PROBE = '\u0000raw?';

interface QueryOptionsIn {
  rowMode?: 'object' | 'array';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  [other: string]: unknown;
}

function wireOptions(options: QueryOptionsIn | undefined): WireQueryOptions {
  const { rowMode = 'object', parsers = {}, ...rest } = options ?? {};
  const unsupported = Object.keys(rest).filter((key) => rest[key] !== undefined);
  if (unsupported.length > 0) throw new Error(`query options not supported by the embedded database process: ${unsupported.join(', ')}`);
  const rawTypes = Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PARSER_PROBE, Number(oid)) !== PARSER_PROBE) throw new Error(`only raw-text parsers reach the embedded database process (type ${oid})`);
    return Number(oid);
  });
  return { rowMode, rawTypes };
}

function fromWire(error: WireError, dir: string): Error {
  if (error.name === 'DataDirectoryInUseError') return new DataDirectoryInUseError(dir, error.inUseBy ?? undefined);
  const err = new Error(error.message);
  Object.assign(err, error.fields);
  err.name = error.name;
  return err;
}

type Request = (message: DistributiveOmit<ServerMessage, 'id'>) => Promise<unknown>;

/** query and exec, sent to the database or (with `tx`) to the transaction the child holds open. */
function statements(request: Request, tx?: { id: number; closed: boolean }) {
  const open = () => {
    if (tx?.closed) throw new Error('the transaction is closed');
  };
  return {
    query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptionsIn): Promise<Results<T>> => {
      open();
      return (await request({ op: 'query', sql, params, options: wireOptions(options), tx: tx?.id })) as Results<T>;
    },
    exec: async (sql: string): Promise<Results[]> => {
      open();
      return (await request({ op: 'exec', sql, tx: tx?.id })) as Results[];
    },
  };
}

/** A transaction's side of the client: its statements go to the transaction the child holds open. */
class EmbeddedTransaction {
  #closed = false;
  readonly query;
  readonly exec;

  constructor(
    private readonly request: Request,
    readonly id: number,
  ) {
    ({ query: this.query, exec: this.exec } = statements(request, this));
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Ends the transaction: commit, or roll back. */
  async end(commit: boolean): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.request({ op: 'end', tx: this.id, commit });
  }

  rollback = (): Promise<void> => this.end(false);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface EmbeddedProcessOptions {
  /**
   * Told when the database's process stops without having been asked to close (it crashed or was
   * killed): every query from then on fails, so a server should stop too.
   */
  onLost?: (err: Error) => void;
}

/** The client of a running embedded database process, in the shape of PGlite's own. */
export class EmbeddedDatabaseClient {
  readonly #child: ChildProcess;
  readonly #dir: string;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;
  /** set before 'close' is sent: the process's exit after it is expected */
  #closeRequested = false;
  #closing: Promise<void> | null = null;

  constructor(child: ChildProcess, dir: string, options: EmbeddedProcessOptions) {
    this.#child = child;
    this.#dir = dir;
    child.on('message', (message: DatabaseMessage) => this.#receive(message));
    child.on('exit', (code, signal) => {
      const err = new Error(`The embedded database process stopped (${signal ?? `exit code ${code}`}).`);
      const unexpected = !this.#closed && !this.#closeRequested;
      this.#closed = true;
      for (const waiting of this.#pending.values()) waiting.reject(err);
      this.#pending.clear();
      if (unexpected) options.onLost?.(err);
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** the database process's id */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  #receive(message: DatabaseMessage): void {
    if (message.op === 'notify') {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    if (message.op !== 'reply') return;
    const waiting = this.#pending.get(message.id);
    if (!waiting) return;
    this.#pending.delete(message.id);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(fromWire(message.error, this.#dir));
  }

  #request: Request = (message) => {
    if (this.#closed) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.send({ ...message, id } as ServerMessage, (err) => {
        if (!err) return;
        this.#pending.delete(id);
        reject(err);
      });
    });
  };

  readonly #statements = statements(this.#request);
  readonly query = this.#statements.query;
  readonly exec = this.#statements.exec;

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = new EmbeddedTransaction(this.#request, (await this.#request({ op: 'begin' })) as number);
    let result: T;
    try {
      result = await callback(tx as unknown as Transaction);
    } catch (err) {
      await tx.end(false).catch(() => undefined);
      throw err;
    }
    await tx.end(true);
    return result;
  }

  /** LISTEN on `channel`; resolves to a function that stops this callback listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      try {
        await this.#request({ op: 'listen', channel });
      } catch (err) {
        this.#listeners.delete(channel);
        throw err;
      }
    }
    set.add(callback);
    return async () => {
      const listening = this.#listeners.get(channel);
      if (!listening?.delete(callback) || listening.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.#closed) await this.#request({ op: 'unlisten', channel });
    };
  }

  /** The database process's memory, as that process reports it (process.memoryUsage()). */
  memoryUsage(): Promise<NodeJS.MemoryUsage> {
    return this.#request({ op: 'memory' }) as Promise<NodeJS.MemoryUsage>;
  }

  /** Closes the database (its files complete on disk) and waits for its process to end. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#closed) return;
      const exited = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
      this.#closeRequested = true;
      await this.#request({ op: 'close' });
      this.#closed = true;
      await exited;
    })();
    return this.#closing;
  }
}

/** Starts the embedded database on `dir` in a process of its own; resolves once it is open. */
export async function openEmbeddedProcess(dir: string, options: EmbeddedProcessOptions = {}): Promise<EmbeddedDatabaseClient> {
  const { file, execArgv } = childEntry();
  const child = fork(file, [dir], { serialization: 'advanced', execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const opened = await new Promise<{ ok: true } | { ok: false; err: Error }>((resolve) => {
    const onMessage = (message: DatabaseMessage) => {
      if (message.op === 'ready') done({ ok: true });
      else if (message.op === 'failed') done({ ok: false, err: fromWire(message.error, dir) });
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      done({ ok: false, err: new Error(`The embedded database process stopped while opening ${dir} (${signal ?? `exit code ${code}`}).`) });
    const onError = (err: Error) => done({ ok: false, err });
    const done = (result: { ok: true } | { ok: false; err: Error }) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      resolve(result);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onError);
  });
  if (!opened.ok) {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    throw opened.err;
  }
  return new EmbeddedDatabaseClient(child, dir, options);
}
