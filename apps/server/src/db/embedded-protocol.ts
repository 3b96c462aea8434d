/**
 * The messages between the server and the embedded database's own process (embedded-process.ts
 * starts it, embedded-database.ts is its entry). They travel over Node's IPC channel with V8's
 * serializer, so dates, bytes and bigints in parameters and rows keep their types.
 */
import type { LockOwner } from './data-dir-lock';

/** What PGlite's query options may carry across: the row shape, and the types read as raw text. */
export interface WireQueryOptions {
  rowMode: 'object' | 'array';
  /** type oids whose values stay the text PostgreSQL sent (Drizzle reads dates and numerics itself) */
  rawTypes: number[];
}

export type ServerMessage =
  | { id: number; op: 'query'; sql: string; params: unknown[]; options: WireQueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  /** the process's memory (process.memoryUsage()): PGlite's WebAssembly heap is in its rss */
  | { id: number; op: 'memory' }
  | { id: number; op: 'close' };

/** An error as it crosses: its name, message and the PostgreSQL fields (code, constraint, detail, ...). */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
  /** set when the directory's lock is held by another process */
  inUseBy?: LockOwner | null;
}

export type DatabaseMessage =
  | { op: 'ready' }
  | { op: 'failed'; error: WireError }
  | { op: 'notify'; channel: string; payload: string }
  | { op: 'reply'; id: number; ok: true; result: unknown }
  | { op: 'reply'; id: number; ok: false; error: WireError };

export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}
