/**
 * Backups of a running server's embedded database. The server's database process holds the data
 * directory's lock (data-dir-lock.ts), so a backup cannot open the directory while it runs; that
 * process answers instead, on a Unix socket beside the directory (`<dir>.sock`, mode 0600: only
 * the server's own user, and root, may connect). A backup is one read-only transaction on the
 * running database (snapshot.ts), streamed back over the socket; the server's queries wait while it
 * reads, as they wait for any transaction on the embedded database.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { SNAPSHOT_TRANSACTION, writeSnapshot, type Query } from './snapshot';

export const backupSocketOf = (dir: string) => `${dir}.sock`;

/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100;

/** A client that stops reading for this long has its backup ended (the database is not held for it). */
const STALLED_MS = 60_000;

export interface BackupService {
  close(): Promise<void>;
}

/**
 * How much of a backup may wait in this process's memory for the client to read it. The snapshot's
 * transaction holds the database (the server's queries wait) until its last row is written here, so
 * it is not slowed to the pace of the client's compression: only past this much does it wait.
 */
const BUFFERED_BYTES = 64 * 1024 * 1024;

function writeTo(socket: net.Socket, text: string): Promise<void> {
  if (socket.destroyed) return Promise.reject(new Error('the backup client went away'));
  if (socket.write(text) || socket.writableLength < BUFFERED_BYTES) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('the backup client stopped reading')), STALLED_MS);
    const done = (err?: Error) => {
      clearTimeout(timer);
      socket.off('drain', onDrain);
      socket.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the backup client went away'));
    socket.on('drain', onDrain);
    socket.on('close', onClose);
  });
}

/** Serves backups of `database` on `<dir>.sock` (the caller holds the directory's lock). */
export async function serveBackups(dir: string, database: PGlite): Promise<BackupService | null> {
  const socketPath = backupSocketOf(dir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    console.error(`Backups while the server runs are not available: the path ${socketPath} is too long for a socket.`);
    return null;
  }
  // left by a process that held the lock before us and did not close
  fs.rmSync(socketPath, { force: true });
  const sockets = new Set<net.Socket>();
  const running = new Set<Promise<unknown>>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 1000) socket.destroy();
        return;
      }
      socket.off('data', onData);
      let op: unknown;
      try {
        op = (JSON.parse(request.slice(0, request.indexOf('\n'))) as { op?: unknown }).op;
      } catch {
        op = undefined;
      }
      if (op !== 'backup') {
        socket.end(`${JSON.stringify(['error', 'unknown request'])}\n`);
        return;
      }
      const work = database
        .transaction(async (tx) => {
          await tx.exec(SNAPSHOT_TRANSACTION);
          const query: Query = (sql, params) => tx.query<Record<string, unknown>>(sql, params);
          await writeSnapshot(query, (text) => writeTo(socket, text), 'embedded');
        })
        .then(
          () => socket.end(),
          (err: unknown) => {
            if (!socket.destroyed) socket.end(`${JSON.stringify(['error', (err as Error).message])}\n`);
          },
        );
      running.add(work);
      void work.finally(() => running.delete(work));
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  server.on('error', (err) => console.error('The backup socket failed:', err));
  return {
    async close() {
      // close() waits for open connections: end a backup in flight first
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await Promise.allSettled([...running]);
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/**
 * Asks the server running on `dir` for a backup; `onText` receives the snapshot's text as it
 * comes. Resolves to false when no server answers on the socket (none runs), true when the backup
 * arrived whole; throws when the server refused or the stream broke.
 */
export function requestLiveBackup(dir: string, onText: (text: string) => void | Promise<void>): Promise<boolean> {
  const socketPath = backupSocketOf(dir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let connected = false;
    let tail = '';
    let failed: string | null = null;
    let pending = Promise.resolve();
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ op: 'backup' })}\n`);
    });
    socket.on('data', (chunk: string) => {
      // the last line (the end line, or an error line) is kept back until the stream ends
      const text = tail + chunk;
      const cut = text.lastIndexOf('\n', text.length - 2);
      tail = cut < 0 ? text : text.slice(cut + 1);
      const ready = cut < 0 ? '' : text.slice(0, cut + 1);
      if (!ready) return;
      socket.pause();
      pending = pending.then(() => onText(ready)).finally(() => socket.resume());
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(false);
      else failed = err.message;
    });
    socket.on('close', () => {
      if (!connected) return;
      void pending.then(async () => {
        if (!failed && tail.startsWith('["error"')) failed = String((JSON.parse(tail) as unknown[])[1]);
        if (!failed && !tail.startsWith('["end"')) failed = 'the server ended the backup before its last line';
        if (failed) return reject(new Error(`The running server could not take the backup: ${failed}`));
        await onText(tail);
        resolve(true);
      }, reject);
    });
  });
}
