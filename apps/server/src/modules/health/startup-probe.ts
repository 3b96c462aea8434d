/**
 * The probes' answers while the server starts. Opening, migrating and (on a first start) filling
 * the database come before the app exists, and may take a while on a large upgrade; meanwhile this
 * small HTTP server holds the server's address so that probes get an answer instead of a refused
 * connection: /healthz 200 (the process is alive: an orchestrator must not restart it in the middle
 * of a migration), /readyz 503 (send it no traffic yet), anything else 503 with Retry-After.
 * server.ts closes it just before the app listens on the same address.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** How long a caller is asked to wait before trying again while the server starts (seconds). */
const RETRY_AFTER_SECONDS = 5;

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'cache-control': 'no-store', ...(status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}) });
  res.end(JSON.stringify(body));
}

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? '/').split('?', 1)[0]!.replace(/\/+$/, '').toLowerCase();
  if (path === '/healthz') return answer(res, 200, { status: 'ok' });
  answer(res, 503, {
    error: { code: 'UNAVAILABLE', message: 'The service is starting', reason: 'not-ready' },
    requestId: randomUUID(),
  });
}

export interface StartupProbe {
  /** Stops listening and closes the probes' connections; resolves once the address is free. */
  close(): Promise<void>;
}

/** Listens on `host`:`port` with the starting answers until closed. */
export async function listenWhileStarting(host: string, port: number): Promise<StartupProbe> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // every answer above is written at once and says "connection: close": what is left is idle
        server.closeAllConnections();
      }),
  };
}
