/**
 * The `mixed` section of npm run bench: a harvest morning. Many people on their own screens while
 * bins arrive, every answer made fresh (the server keeps none), beside the same routes' SQL run
 * straight against the database at the same concurrency (the physical limit of the machine for this
 * work).
 *
 * - Callers: the demo users (manager, admin, scout, packhouse, multi) in their organisations. Each
 *   caller's routes are every authenticated GET route of the inventory that answers that caller 200
 *   with JSON, its path filled in from the caller's own rows (route-load.ts `sampleUrl`): what the
 *   caller's permissions, and so the caller's menu, let them read, not a hand-picked list.
 * - Sessions: `sessions` sign-ins, spread over the callers in turn; each asks its caller's routes in
 *   its own shuffled order, one after another, with an exponential think time of mean `thinkMs`
 *   between them (0: the stress case, no pause).
 * - Writes: `writesPerSecond` bin deliveries (POST /api/harvest/bins, 1 to 20 bins, tipped or
 *   waiting) at a set rate across the organisations with production blocks, each by that
 *   organisation's administrator, on top of the readers.
 * - Reference (`sqlAlone`): every caller's routes asked once through an app in this process whose
 *   pg client records each statement; then `sessions` workers replay a route's statements in order on
 *   one connection of a pool as large as the server's, route after route, for the same time.
 *
 * Reported: reads/s, p50/p95/p99, the share within 100 ms, errors; writes/s and their p99.
 */
import { addDays, dayOf } from '@orchard/shared/core';
import { HARVEST_PATHS, type BinIntakeBody } from '@orchard/shared/harvest';
import pg from 'pg';
import { sampleUrl } from './route-load';

export interface MixedCaller {
  username: string;
  password: string;
  organization: string;
}

/** The demo callers; the administrator and the multi-organisation manager once in each of two organisations. */
export const MIXED_CALLERS: readonly MixedCaller[] = [
  { username: 'manager', password: 'Manager@2025', organization: 'Citrus Valley Growers' },
  { username: 'admin', password: 'Admin@2025', organization: 'Citrus Valley Growers' },
  { username: 'scout', password: 'Scout@2025', organization: 'Citrus Valley Growers' },
  { username: 'packhouse', password: 'Packhouse@2025', organization: 'Sundays River Packers' },
  { username: 'multi', password: 'Multi@2025', organization: 'Citrus Valley Growers' },
  { username: 'admin', password: 'Admin@2025', organization: 'Sundays River Packers' },
  { username: 'multi', password: 'Multi@2025', organization: 'Sundays River Packers' },
];

export interface MixedServer {
  address: string;
  inventory: { method: string; url: string; auth: unknown }[];
}

export interface MixedRun {
  sessions: number;
  seconds: number;
  /** mean think time between a session's requests, ms; 0 for none */
  thinkMs: number;
  writesPerSecond: number;
}

export interface MixedResult {
  reads: number;
  readsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  within100: number;
  errors: number;
  writes: number;
  writesPerSecond: number;
  writeP99: number;
  writeErrors: number;
  /** the routes that took the most of the readers' time: url, share of it, median */
  heaviest: { url: string; share: number; p50: number; count: number }[];
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

interface Session {
  /** the instance this session is served by */
  address: string;
  caller: MixedCaller;
  headers: Record<string, string>;
}

async function signIn(address: string, caller: MixedCaller): Promise<Session> {
  const token = await fetch(`${address}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: caller.username, password: caller.password }),
  });
  if (!token.ok) throw new Error(`sign-in of ${caller.username} answered ${token.status}: ${await token.text()}`);
  const accessToken = ((await token.json()) as { access_token: string }).access_token;
  const authorization = `Bearer ${accessToken}`;
  const memberOf = (await (await fetch(`${address}/api/me/organizations`, { headers: { authorization } })).json()) as { id: number; name: string }[];
  const organization = memberOf.find((o) => o.name === caller.organization);
  if (!organization) throw new Error(`${caller.username} is not in ${caller.organization}`);
  return { address, caller, headers: { ...BROWSER, authorization, 'x-organization-id': String(organization.id) } };
}

const key = (c: MixedCaller) => `${c.username}@${c.organization}`;

/** Each caller's routes: every GET route of the inventory answering that caller 200 with JSON. */
export async function routesOfCallers(server: MixedServer, callers: readonly MixedCaller[] = MIXED_CALLERS) {
  const routes = server.inventory
    .filter((r) => r.method === 'GET' && r.auth !== 'public' && r.auth !== undefined)
    .map((r) => r.url)
    .sort();
  const out = new Map<string, string[]>();
  for (const caller of callers) {
    const session = await signIn(server.address, caller);
    const get = async (url: string) => {
      const res = await fetch(`${server.address}${url}`, { headers: session.headers, signal: AbortSignal.timeout(10_000) });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return (await res.json()) as unknown;
    };
    const mine: string[] = [];
    for (const route of routes) {
      let url: string;
      try {
        url = await sampleUrl(route, get);
        const probe = await fetch(`${server.address}${url}`, { headers: session.headers, signal: AbortSignal.timeout(10_000) });
        const type = probe.headers.get('content-type') ?? '';
        await probe.arrayBuffer();
        if (probe.status === 200 && type.includes('application/json')) mine.push(url);
      } catch {
        // not this caller's to read (403), no row to fill the path with, or a stream
      }
    }
    out.set(key(caller), mine);
  }
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

/** A small seeded generator, so every run asks in the same orders. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The deliveries writers send: production blocks and packhouses of each organisation that has both, as its administrator. */
async function deliveryTargets(address: string) {
  const targets: { headers: Record<string, string>; blocks: number[]; packhouses: number[] }[] = [];
  for (const organization of ['Citrus Valley Growers', 'Sundays River Packers']) {
    const session = await signIn(address, { username: 'admin', password: 'Admin@2025', organization });
    const get = async <T>(url: string) => (await (await fetch(`${address}${url}`, { headers: session.headers })).json()) as T;
    const packhouses = (await get<{ id: number }[]>(HARVEST_PATHS.packhouses)).map((p) => p.id);
    const pucs = (await get<{ id: number }[]>(HARVEST_PATHS.pucs)).map((p) => p.id);
    const blocks: number[] = [];
    for (const puc of pucs.slice(0, 4)) {
      const report = await get<{ rows?: { production_Block: number }[] }>(HARVEST_PATHS.blockReport.replace(':pucId', String(puc)));
      blocks.push(...(report.rows ?? []).map((r) => r.production_Block));
    }
    if (blocks.length && packhouses.length) targets.push({ headers: { ...session.headers, 'content-type': 'application/json' }, blocks, packhouses });
  }
  if (!targets.length) throw new Error('no organisation has production blocks and a packhouse to deliver to');
  return targets;
}

/** One run of the mix against the server at `address`. */
export async function runMixed(addresses: string | readonly string[], routes: Map<string, string[]>, run: MixedRun): Promise<MixedResult> {
  const all = typeof addresses === 'string' ? [addresses] : addresses;
  const address = all[0] as string;
  const callers = MIXED_CALLERS.filter((c) => (routes.get(key(c)) ?? []).length > 0);
  const sessions: Session[] = [];
  for (let i = 0; i < run.sessions; i += 1) sessions.push(await signIn(all[i % all.length] as string, callers[i % callers.length] as MixedCaller));
  const targets = run.writesPerSecond > 0 ? await deliveryTargets(address) : [];
  const latencies: number[] = [];
  const byUrl = new Map<string, number[]>();
  const writeLatencies: number[] = [];
  let errors = 0;
  let writeErrors = 0;
  const started = performance.now();
  const deadline = started + run.seconds * 1000;

  const reader = async (session: Session, index: number) => {
    const random = prng(index + 1);
    const mine = shuffled(routes.get(key(session.caller)) ?? [], random);
    // sessions start spread over the first second, as people do not all press at once
    await sleep(random() * 1000);
    for (let i = 0; performance.now() < deadline; i += 1) {
      const url = mine[i % mine.length] as string;
      const t0 = performance.now();
      try {
        const res = await fetch(`${session.address}${url}`, { headers: session.headers });
        await res.arrayBuffer();
        if (res.status !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      const t1 = performance.now();
      if (t1 <= deadline) {
        latencies.push(t1 - t0);
        const path = url.split('?')[0] as string;
        const times = byUrl.get(path) ?? [];
        times.push(t1 - t0);
        byUrl.set(path, times);
      }
      if (run.thinkMs > 0) await sleep(-Math.log(1 - random()) * run.thinkMs);
    }
  };

  const writer = async () => {
    if (run.writesPerSecond <= 0) return;
    const random = prng(9_999);
    const today = dayOf(new Date());
    const inFlight = new Set<Promise<void>>();
    const gap = 1000 / run.writesPerSecond;
    for (let n = 0; ; n += 1) {
      const at = started + n * gap;
      if (at >= deadline) break;
      const wait = at - performance.now();
      if (wait > 0) await sleep(wait);
      const target = targets[n % targets.length]!;
      const count = 1 + Math.floor(random() * 20);
      const tipped = n % 3 !== 0;
      const body: BinIntakeBody = {
        production_Block: target.blocks[Math.floor(random() * target.blocks.length)] as number,
        packhouse: target.packhouses[n % target.packhouses.length] as number,
        count,
        received_Date: addDays(today, -(n % 7)),
        tipped,
        tipped_Kgs: tipped ? count * 400 : null,
      };
      const t0 = performance.now();
      const sent = fetch(`${address}${HARVEST_PATHS.bins}`, { method: 'POST', headers: target.headers, body: JSON.stringify(body) })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 201) writeErrors += 1;
          writeLatencies.push(performance.now() - t0);
        })
        .catch(() => {
          writeErrors += 1;
        })
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await Promise.all(inFlight);
  };

  await Promise.all([...sessions.map(reader), writer()]);
  const elapsed = run.seconds;
  const spent = latencies.reduce((a, b) => a + b, 0);
  const heaviest = [...byUrl]
    .map(([url, times]) => ({ url, share: times.reduce((a, b) => a + b, 0) / spent, p50: percentile([...times].sort((a, b) => a - b), 0.5), count: times.length }))
    .sort((a, b) => b.share - a.share)
    .slice(0, 8);
  latencies.sort((a, b) => a - b);
  writeLatencies.sort((a, b) => a - b);
  return {
    heaviest,
    reads: latencies.length,
    readsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    within100: latencies.filter((l) => l <= 100).length / Math.max(1, latencies.length),
    errors,
    writes: writeLatencies.length,
    writesPerSecond: writeLatencies.length / elapsed,
    writeP99: percentile(writeLatencies, 0.99),
    writeErrors,
  };
}

/* ---------- the reference: the same routes' SQL straight against the database ---------- */

interface Statement {
  text: string;
  values: unknown[] | undefined;
}

/**
 * Records every statement pg sends while `fn` runs (statements of the change-notice listener
 * aside). The pg client is patched for the time of the call only.
 */
export async function recordingStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first?.text;
    const values = typeof first === 'string' ? (Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined) : first?.values;
    if (text && !/^\s*(UN)?LISTEN\b/i.test(text)) statements.push({ text, values });
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    proto.query = original;
  }
}

/**
 * The SQL-alone reference: `sessions` workers, each replaying its routes' statements (one route's
 * in order on one connection) route after route for `seconds`, on a pool of `poolSize`.
 */
export async function sqlAlone(
  databaseUrl: string,
  statementsOf: readonly Statement[][],
  options: { sessions: number; seconds: number; poolSize: number },
): Promise<{ perSecond: number; p50: number; p95: number; p99: number; errors: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.sessions }, async (_, index) => {
        const random = prng(index + 1);
        const mine = shuffled(statementsOf, random);
        await sleep(random() * 1000);
        for (let i = 0; performance.now() < deadline; i += 1) {
          const route = mine[i % mine.length] as Statement[];
          const t0 = performance.now();
          const client = await pool.connect();
          try {
            for (const s of route) await client.query(s.text, s.values);
          } catch {
            errors += 1;
            await client.query('rollback').catch(() => undefined);
          } finally {
            client.release();
          }
          const t1 = performance.now();
          if (t1 <= deadline) latencies.push(t1 - t0);
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / options.seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
  };
}
