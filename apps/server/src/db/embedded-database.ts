/**
 * Entry of the embedded database's own process (started by embedded-process.ts with the data
 * directory, or `memory://`, as its argument). It takes the directory's lock, opens PGlite on it and answers the
 * server's messages (embedded-protocol.ts) until told to close or until the server goes away, then
 * closes PGlite (which writes what it holds to the directory) and lets the lock go. On a directory
 * it also serves backups of the running database (backup/live.ts).
 *
 * Signals are the server's business: Ctrl+C reaches both processes, and the server, not this one,
 * decides when the database closes (after the requests in flight have finished).
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { serveBackups, type BackupService } from './backup/live';
import { DataDirectoryInUseError, lockDataDirectory } from './data-dir-lock';
import { toWireError, type DatabaseMessage, type ServerMessage } from './embedded-protocol';

const dir = process.argv[2];

function send(message: DatabaseMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, {}, () => resolve());
  });
}

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  done: Promise<void>;
}

let db: PGlite | null = null;
let releaseLock: (() => void) | null = null;
/** backups while the server runs (backup/live.ts), on a directory's database */
let backups: BackupService | null = null;
let closing: Promise<void> | null = null;
let nextTransaction = 1;
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<string, () => Promise<void>>();

/** Parsers that leave these types' values as the text PostgreSQL sent. */
function rawParsers(types: number[]): Record<number, (value: string) => string> {
  return Object.fromEntries(types.map((oid) => [oid, (value: string) => value]));
}

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db!;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

async function begin(database: PGlite): Promise<number> {
  const id = nextTransaction++;
  let began!: (tx: Transaction) => void;
  const ready = new Promise<Transaction>((resolve) => (began = resolve));
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (finish = resolve));
  const done = database.transaction(async (tx) => {
    began(tx);
    if (!(await decided)) await tx.rollback();
  });
  const tx = await Promise.race([
    ready,
    done.then(() => {
      throw new Error('the transaction ended before it began');
    }),
  ]);
  transactions.set(id, { tx, finish, done });
  return id;
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  open.finish(commit);
  try {
    await open.done;
  } finally {
    transactions.delete(id);
  }
}

async function run(message: ServerMessage): Promise<unknown> {
  if (!db || closing) throw new Error('The embedded database is closed');
  switch (message.op) {
    case 'query': {
      const { rowMode, rawTypes } = message.options;
      const result = await target(message.tx).query(message.sql, message.params, { rowMode, parsers: rawParsers(rawTypes) });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await target(message.tx).exec(message.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      return begin(db);
    case 'end':
      return end(message.tx, message.commit);
    case 'listen': {
      if (unlisteners.has(message.channel)) return undefined;
      const channel = message.channel;
      unlisteners.set(
        channel,
        await db.listen(channel, (payload) => void send({ op: 'notify', channel, payload })),
      );
      return undefined;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(message.channel);
      unlisteners.delete(message.channel);
      if (unlisten) await unlisten();
      return undefined;
    }
    case 'memory':
      return process.memoryUsage();
    case 'close':
      return close();
  }
}

/** Rolls back what is open, closes PGlite (its files are complete on disk after) and releases the lock. */
function close(): Promise<void> {
  closing ??= (async () => {
    await backups?.close().catch(() => undefined);
    for (const open of transactions.values()) open.finish(false);
    await Promise.allSettled([...transactions.values()].map((open) => open.done));
    try {
      if (db && !db.closed) await db.close();
    } finally {
      releaseLock?.();
      releaseLock = null;
    }
  })();
  return closing;
}

async function start(): Promise<void> {
  if (!dir) {
    await send({ op: 'failed', error: { name: 'Error', message: 'no data directory given', fields: {} } });
    process.exit(1);
  }
  try {
    if (!dir.startsWith('memory://')) releaseLock = lockDataDirectory(dir);
    const database = new PGlite(dir);
    await database.waitReady;
    db = database;
    if (!dir.startsWith('memory://')) {
      backups = await serveBackups(dir, database).catch((err: unknown) => {
        console.error('Backups while the server runs are not available:', err);
        return null;
      });
    }
  } catch (err) {
    releaseLock?.();
    const error = toWireError(err);
    if (err instanceof DataDirectoryInUseError) error.inUseBy = err.owner ?? null;
    await send({ op: 'failed', error });
    process.exit(1);
  }
  await send({ op: 'ready' });
}

process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
process.on('message', (message: ServerMessage) => {
  run(message).then(
    (result) => send({ op: 'reply', id: message.id, ok: true, result }),
    (err: unknown) => send({ op: 'reply', id: message.id, ok: false, error: toWireError(err) }),
  ).then(() => {
    if (message.op === 'close') process.disconnect();
  }, () => undefined);
});
// the server has gone (closed the channel after 'close', or stopped without it): close and leave
process.on('disconnect', () => {
  close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error('The embedded database did not close cleanly:', err);
      process.exit(1);
    },
  );
});

void start();
