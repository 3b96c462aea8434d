/**
 * SIGTERM on a real server process (tsx) on an embedded database in a temporary directory: it
 * answers not-ready while it starts, and on SIGTERM it stops taking connections, answers every
 * request it had received (each complete, none 5xx), answers not-ready on a connection still open,
 * and closes the database only after: started again on the same directory, every write that was
 * answered 2xx is there. A request that never finishes is cut after SHUTDOWN_GRACE_MS.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');
const METRICS_TOKEN = 'shutdown-test-metrics-token-0123';
const WRITES = 60;
const READS = 30;

function startServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_REFERENCE_DATE: '2025-06-30',
      METRICS_TOKEN,
      SHUTDOWN_GRACE_MS: '30000',
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

type Answer = { status: number; body: string; complete: boolean; at: number } | { error: string; at: number };

/** One request on a connection of its own; the answer is complete when its body is as long as it said. */
function send(port: number, method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => resolve({ error: err.message, at: Date.now() }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const length = res.headers['content-length'];
          resolve({ status: res.statusCode!, body: text, complete: res.complete && (length === undefined || Number(length) === Buffer.byteLength(text)), at: Date.now() });
        });
      },
    );
    req.on('error', (err) => resolve({ error: err.message, at: Date.now() }));
    req.end(payload);
  });
}

const json = (answer: Answer) => {
  if ('error' in answer) throw new Error(answer.error);
  return JSON.parse(answer.body) as unknown;
};

/** Waits until /readyz answers 200; returns every readiness status seen before (0: no connection). */
async function waitForReady(port: number, server: ReturnType<typeof startServer>): Promise<{ ready: number[]; live: number[] }> {
  const ready: number[] = [];
  const live: number[] = [];
  for (let i = 0; i < 1200; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    const answer = await send(port, 'GET', '/readyz');
    const status = 'error' in answer ? 0 : answer.status;
    if (status === 200) return { ready, live };
    ready.push(status);
    if (status === 503) {
      const alive = await send(port, 'GET', '/healthz');
      live.push('error' in alive ? 0 : alive.status);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server was not ready in time:\n${server.output()}`);
}

/** The sum of a metric's samples whose labels include `labels`. */
function sum(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) total += Number(match[3]);
  }
  return total;
}

/** The server's metrics text ('' when it does not answer). */
async function scrapeAt(port: number): Promise<string> {
  const answer = await send(port, 'GET', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
  return 'error' in answer ? '' : answer.body;
}

async function signIn(port: number): Promise<{ headers: Record<string, string>; trap: { id: number; activeFrom: string } }> {
  const token = json(await send(port, 'POST', '/connect/token', {}, { grant_type: 'password', username: 'admin', password: 'Admin@2025' })) as { access_token: string };
  const authorization = `Bearer ${token.access_token}`;
  const organizations = json(await send(port, 'GET', '/api/me/organizations', { authorization })) as { id: number }[];
  for (const { id } of organizations) {
    const headers = { authorization, 'x-organization-id': String(id) };
    const traps = json(await send(port, 'GET', '/api/traps', headers)) as { rows?: { id: number; activeFrom: string }[] };
    const trap = traps.rows?.[0];
    if (trap) return { headers, trap };
  }
  throw new Error('no organisation of the demo data has a trap');
}

/** One connection to write requests on (pipelined); `statuses`: the status of each answer, once the server closes it. */
function pipelined(port: number): { write(request: string): void; statuses: Promise<number[]> } {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  const statuses = new Promise<number[]>((resolve) => {
    socket.on('close', () => resolve([...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))));
    socket.on('error', () => undefined);
  });
  return { write: (request) => socket.write(request), statuses };
}

describe('graceful shutdown', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-shutdown-'));
  const port = 4200 + Math.floor(Math.random() * 200);
  const servers: ReturnType<typeof startServer>[] = [];
  afterAll(() => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.lock`, { force: true });
  });

  it('on SIGTERM answers every request it received, whole and without a 5xx, then keeps every answered write', async () => {
    const first = startServer(port, dataDir);
    servers.push(first);
    // a first start migrates and adds the demo data: not ready meanwhile, yet alive
    const starting = await waitForReady(port, first);
    expect(starting.ready).toContain(503);
    // alive throughout (0: the instant the address passes from the starting answers to the app)
    expect(starting.live).toContain(200);
    expect(starting.live.filter((s) => s !== 200 && s !== 0)).toEqual([]);

    const { headers, trap } = await signIn(port);
    const scrape = () => scrapeAt(port);
    const routes = [
      { method: 'POST', route: '/api/trap-inspections' },
      { method: 'GET', route: '/api/trap-inspections' },
    ];
    const received = (text: string) =>
      sum(text, 'orchard_http_requests_in_flight') + routes.reduce((n, labels) => n + sum(text, 'orchard_http_requests_total', labels), 0);
    const idle = await scrape();
    // the server's database runs in a process of its own, which reports its memory
    expect(sum(idle, 'orchard_embedded_database_memory_bytes', { kind: 'rss' })).toBeGreaterThan(50_000_000);
    const before = received(idle);
    const inspections = `/api/trap-inspections?trapId=${trap.id}`;
    const countOf = async (p: number, h: Record<string, string>) => (json(await send(p, 'GET', inspections, h)) as { totalRecords: number }).totalRecords;
    const stored = await countOf(port, headers);

    const inspection = (i: number) => ({ clientId: randomUUID(), trapId: trap.id, inspectedOn: trap.activeFrom, count: i % 7, note: `shutdown ${i}` });
    const payloads = Array.from({ length: WRITES }, (_, i) => inspection(i));
    const writes = payloads.map((payload) => send(port, 'POST', '/api/trap-inspections', headers, payload));
    const reads = Array.from({ length: READS }, () => send(port, 'GET', inspections, headers));
    // one more write whose body is only half sent before the signal (its connection is busy, not
    // idle): the rest follows after it, and then a readiness question on the same connection
    const held = pipelined(port);
    const heldPayload = inspection(WRITES);
    const heldBody = JSON.stringify(heldPayload);
    const half = Math.floor(heldBody.length / 2);
    held.write(
      `POST /api/trap-inspections HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${headers.authorization}\r\nX-Organization-Id: ${headers['x-organization-id']}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(heldBody)}\r\n\r\n${heldBody.slice(0, half)}`,
    );

    // the signal goes once the server has received every one of them, while most are still in flight
    let inFlight = 0;
    for (let i = 0; ; i++) {
      const text = await scrape();
      if (received(text) - before >= WRITES + READS + 1) {
        inFlight = sum(text, 'orchard_http_requests_in_flight');
        break;
      }
      if (i > 500) throw new Error('the server did not receive the batch');
    }
    const signalled = Date.now();
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 30));
    held.write(`${heldBody.slice(half)}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    // a caller arriving after the signal finds no one listening (or, in the first instant, an answer)
    const late = await send(port, 'GET', inspections, headers);

    const answers = await Promise.all([...writes, ...reads]);
    expect(await first.exited, first.output()).toBe(0);
    expect(inFlight, 'requests in flight when the signal went').toBeGreaterThan(0);

    const failed = answers.filter((a) => 'error' in a || !a.complete || a.status >= 500);
    expect(failed).toEqual([]);
    const statuses = answers.map((a) => ('error' in a ? 0 : a.status));
    expect(statuses.slice(0, WRITES).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(WRITES).every((s) => s === 200)).toBe(true);
    expect(answers.filter((a) => a.at > signalled).length, 'answers sent after the signal').toBeGreaterThan(0);
    if (!('error' in late)) expect(late.status).toBeLessThan(500);
    // the held write was answered, then readiness on the same connection said 503 while draining
    expect(await held.statuses).toEqual([201, 503]);

    // started again on the same directory: every answered write is there, once (a resend finds it)
    const ids = answers.slice(0, WRITES).map((a) => (json(a) as { id: number }).id);
    const again = startServer(port + 1, dataDir, { SHUTDOWN_GRACE_MS: '1000' });
    servers.push(again);
    await waitForReady(port + 1, again);
    const session = await signIn(port + 1);
    expect(await countOf(port + 1, session.headers)).toBe(stored + WRITES + 1);
    for (const [i, payload] of [...payloads, heldPayload].entries()) {
      const resent = await send(port + 1, 'POST', '/api/trap-inspections', session.headers, payload);
      expect('error' in resent ? resent.error : resent.status, payload.note).toBe(200);
      if (i < WRITES) expect((json(resent) as { id: number }).id).toBe(ids[i]);
    }
    expect(await countOf(port + 1, session.headers)).toBe(stored + WRITES + 1);

    // a request that never finishes (half its body, then nothing) is cut after SHUTDOWN_GRACE_MS
    const stuck = pipelined(port + 1);
    stuck.write(`POST /api/trap-inspections HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${session.headers.authorization}\r\nX-Organization-Id: ${session.headers['x-organization-id']}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"clientId":`);
    for (let i = 0; sum(await scrapeAt(port + 1), 'orchard_http_requests_in_flight') < 1; i++) {
      if (i > 200) throw new Error('the stuck request did not arrive');
    }
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(1);
    expect(await stuck.statuses).toEqual([]);
    expect(again.output()).toContain('Requests were still in flight 1000 ms after SIGTERM (SHUTDOWN_GRACE_MS): their connections are closed.');
    expect(fs.existsSync(`${dataDir}.lock`), 'the database closed and let its directory go').toBe(false);
  }, 240_000);
});
