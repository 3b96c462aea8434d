/**
 * Every authenticated GET route of the route inventory under load (BENCHMARKS.md "Every route"):
 * not a hand-picked list. The routes come from `app.routeInventory`; each is called as the demo
 * administrator in the grower organisation on the demo data, with path parameters and required
 * query strings taken from SAMPLES (rows the administrator may see). A route without a sample, or
 * that does not answer 200 with one, is listed as not measured, with the reason: a new route shows
 * up here as a miss until it is given a sample.
 *
 * JSON routes: autocannon at `connections` for `seconds`, `rounds` times (once per round over every
 * route; the median counts), beside the bare Fastify route measured in the same run, asking as a browser does (Accept-Encoding: the larger answers go compressed,
 * plugins/compression.ts); each row says how many bytes an answer was as sent. Budgets: on PostgreSQL at least 25% of the bare route's throughput and p99 under
 * 50 ms; on PGlite at least 10% of the bare route's throughput. Routes answering a file (CSV) or a
 * stream are measured per request: median and p95 of sequential requests.
 */
import type { RouteInventoryEntry } from '../../apps/server/src/plugins/route-policy';

/** The server under load, seen from outside: its address, its route inventory and a plain GET. */
export interface RouteServer {
  address: string;
  inventory: Pick<RouteInventoryEntry, 'method' | 'url' | 'auth'>[];
  get: (url: string, headers: Record<string, string>) => Promise<{ status: number; type: string; body: string }>;
}

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  /** bytes per answer as sent, headers included */
  bytes: number;
}

/** `warm`: load it first for a while, not counted (its first round: code compiled, plans cached) */
export type Load = (url: string, headers: Record<string, string>, warm: boolean) => Promise<LoadResult>;

export interface RouteLoadRow {
  route: string;
  value: string;
  reference: string;
  verdict: 'within' | 'missed' | 'not measured' | 'per request';
}

/** The route's URL with its path filled in and its query string, or why there is none. */
type Sample = (ctx: SampleContext) => Promise<string>;

interface SampleContext {
  get: (url: string) => Promise<unknown>;
  /** the first row's `key` of a list answer (an array, or an object holding one under `field`) */
  firstOf: (url: string, key: string, field?: string) => Promise<string>;
}

const DAY = '2025-06-30';
const WEEK_AGO = '2025-06-23';

/** Routes that need a path parameter or a query string; anything else is called as it is. */
const SAMPLES: Record<string, Sample> = {
  '/api/organizations/by-name/:name': async () => '/api/organizations/by-name/Citrus%20Valley%20Growers',
  '/api/roles/:id': async (c) => `/api/roles/${await c.firstOf('/api/roles', 'id', 'roles')}`,
  '/api/scouting/sessions/:id': async (c) => `/api/scouting/sessions/${await c.firstOf('/api/scouting/sessions', 'id', 'rows')}`,
  '/api/users/:id': async (c) => `/api/users/${await c.firstOf('/api/users', 'id', 'users')}`,
  '/api/employees/:id': async (c) => `/api/employees/${await c.firstOf('/api/employees', 'id', 'employees')}`,
  '/api/employees/find': async (c) => {
    const [first] = (await c.get('/api/employees')) as { fullname: string; legal_Entity: number; type: number }[];
    if (!first) throw new Error('no employee in the demo data');
    return `/api/employees/find?fullname=${encodeURIComponent(first.fullname)}&legalEntity=${first.legal_Entity}&type=${first.type}`;
  },
  '/api/harvest/pucs/:pucId/blocks': async (c) => `/api/harvest/pucs/${await c.firstOf('/api/harvest/pucs', 'id')}/blocks`,
  '/api/harvest/production-blocks/:productionBlockId/estimates': async (c) => {
    const puc = await c.firstOf('/api/harvest/pucs', 'id');
    const block = await c.firstOf(`/api/harvest/pucs/${puc}/blocks`, 'production_Block', 'rows');
    return `/api/harvest/production-blocks/${block}/estimates`;
  },
  '/api/harvest/varieties': async (c) => `/api/harvest/varieties?packhouse=${await c.firstOf('/api/harvest/packhouses', 'id')}`,
  '/api/picking/puc-schedule': async () => '/api/picking/puc-schedule?pageSize=15',
  '/api/picking/schedule': async () => `/api/picking/schedule?pagerDate=${DAY}&pageSize=20`,
  '/api/picking/schedule/export': async () => `/api/picking/schedule/export?pagerDate=${DAY}`,
  '/api/picking/packhouse-schedule': async () => `/api/picking/packhouse-schedule?pagerDate=${DAY}&pageSize=20`,
  '/api/picking/packhouse-schedule/export': async () => `/api/picking/packhouse-schedule/export?pagerDate=${DAY}`,
  '/api/picking/capacities': async () => `/api/picking/capacities?pagerDate=${DAY}`,
  '/api/packhouses/suggestions': async () => '/api/packhouses/suggestions?query=pa',
  '/api/users/system-users': async () => '/api/users/system-users?query=dem',
  '/api/farm-operations/scouted-dates': async (c) => `/api/farm-operations/scouted-dates?farms=${await c.firstOf('/api/farm-operations/farms', 'id')}`,
  '/api/farm-operations/sessions': async (c) => `/api/farm-operations/sessions?farms=${await c.firstOf('/api/farm-operations/farms', 'id')}&date=${DAY}`,
  '/api/farm-operations/export': async (c) =>
    `/api/farm-operations/export?farms=${await c.firstOf('/api/farm-operations/farms', 'id')}&start=${WEEK_AGO}&end=${DAY}`,
  '/api/attendance/export': async () => `/api/attendance/export`,
  '/api/login-history/export': async () => '/api/login-history/export',
  '/api/areas': async () => '/api/areas',
  '/api/line/GetLines': async (c) => `/api/line/GetLines?packhouse=${await c.firstOf('/api/packhouse-readings/packhouses', 'id')}`,
  '/api/line/GetLineWaxReadings': async (c) => {
    const lines = `/api/line/GetLines?packhouse=${await c.firstOf('/api/packhouse-readings/packhouses', 'id')}`;
    return `/api/line/GetLineWaxReadings?filter=${await c.firstOf(lines, 'id')}`;
  },
  '/api/storage/GetStorage_Rooms': async (c) => `/api/storage/GetStorage_Rooms?packhouse=${await c.firstOf('/api/packhouse-readings/packhouses', 'id')}`,
  '/api/storage/GetStorage_Room_Readings': async (c) => {
    const rooms = `/api/storage/GetStorage_Rooms?packhouse=${await c.firstOf('/api/packhouse-readings/packhouses', 'id')}`;
    return `/api/storage/GetStorage_Room_Readings?filter=${await c.firstOf(rooms, 'id')}`;
  },
};

/** Routes left out, with the reason. */
const LEFT_OUT: Record<string, string> = {
  '/api/notifications/stream': 'a live event stream: it never ends, so it has no throughput',
  '/api/blobs/:container/:id': 'serves stored photos; the demo data holds none',
  '/api/blobs/:container/:id/download': 'serves stored photos; the demo data holds none',
};

/** Routes whose rows only another demo organisation has (called in that organisation). */
const ORGANIZATION_OF: Record<string, string> = {
  '/api/picking/packhouse-schedule/export': 'Sundays River Packers',
  '/api/picking/packhouse-schedule': 'Sundays River Packers',
  // the lines and storage rooms with readings are the packhouse organisation's
  '/api/line/GetLines': 'Sundays River Packers',
  '/api/line/GetLineWaxReadings': 'Sundays River Packers',
  '/api/storage/GetStorage_Rooms': 'Sundays River Packers',
  '/api/storage/GetStorage_Room_Readings': 'Sundays River Packers',
};

/**
 * The URL a caller asks `route` at: its sample filled in from rows `get` (the caller's own GET,
 * answering the parsed JSON of a 200) finds, or the route itself when it takes no parameter.
 * Throws when the route needs a sample it has none of.
 */
export async function sampleUrl(route: string, get: (url: string) => Promise<unknown>): Promise<string> {
  const sample = SAMPLES[route];
  if (!sample && route.includes(':')) throw new Error('no sample for its path parameters');
  return sample ? sample(contextFor(get)) : route;
}

function contextFor(get: (url: string) => Promise<unknown>): SampleContext {
  return {
    get,
    async firstOf(url, key, field) {
      const body = (await get(url)) as Record<string, unknown> | Record<string, unknown>[];
      const list = (Array.isArray(body) ? body : (body[field ?? ''] as Record<string, unknown>[] | undefined)) ?? [];
      const value = list[0]?.[key];
      if (value === undefined || value === null) throw new Error(`${url} has no row with ${key}`);
      return String(value);
    },
  };
}

const PG_SHARE = 0.25;
const PGLITE_SHARE = 0.1;
const PG_P99_MS = 50;
const PER_REQUEST_RUNS = 10;

/** The median of each figure over the measurements (of an even count, the mean of the middle two). */
function median(results: LoadResult[]): LoadResult {
  const mid = (by: (r: LoadResult) => number) => {
    const sorted = results.map(by).sort((a, b) => a - b);
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? (sorted[half] as number) : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
  };
  return { rps: mid((r) => r.rps), p50: mid((r) => r.p50), p99: mid((r) => r.p99), bytes: mid((r) => r.bytes) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

export async function loadEveryRoute(options: {
  kind: 'PGlite' | 'PostgreSQL';
  server: RouteServer;
  /** the demo administrator's headers in the named organisation */
  headersIn: (organization: string) => Record<string, string>;
  /**
   * loads the bare route once: it is loaded before each round and after the last, and the median of
   * those is the reference, so neither one quiet or busy moment of the machine nor its drift over
   * the minutes of the sweep decides every verdict
   */
  loadBare: () => Promise<LoadResult>;
  load: Load;
  /** how many times each route is loaded (in rounds over all of them); its median decides */
  rounds: number;
  /** the server's peak resident memory since the last `reset`, in bytes: each loaded route's row names its own */
  memory?: { reset: () => void; peak: () => number };
}): Promise<{ rows: RouteLoadRow[]; bare: LoadResult; bareSamples: LoadResult[] }> {
  const { kind, server, headersIn, loadBare, load, memory, rounds } = options;
  const bareSamples = [await loadBare()];
  const { address } = server;
  const headers = headersIn('Citrus Valley Growers');
  const share = kind === 'PostgreSQL' ? PG_SHARE : PGLITE_SHARE;
  /** samples read as the caller the route is called as */
  const getAs = (callerHeaders: Record<string, string>) => async (url: string) => {
    const res = await server.get(url, callerHeaders);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return JSON.parse(res.body) as unknown;
  };

  const routes = server.inventory
    .filter((r) => r.method === 'GET' && r.auth !== 'public' && r.auth !== undefined)
    .map((r) => r.url)
    .sort();
  const out: RouteLoadRow[] = [];
  /** the JSON routes to load, with their place in `out` */
  const toLoad: { index: number; url: string; label: string; headers: Record<string, string> }[] = [];
  for (const route of routes) {
    const leftOut = LEFT_OUT[route];
    if (leftOut) {
      out.push({ route, value: '-', reference: leftOut, verdict: 'not measured' });
      continue;
    }
    const organization = ORGANIZATION_OF[route];
    const routeHeaders = organization ? headersIn(organization) : headers;
    let url: string;
    try {
      url = await sampleUrl(route, getAs(routeHeaders));
    } catch (err) {
      out.push({ route, value: '-', reference: (err as Error).message, verdict: 'not measured' });
      continue;
    }
    const probe = await server.get(url, routeHeaders);
    if (probe.status !== 200) {
      let why = '';
      try {
        why = (JSON.parse(probe.body) as { error?: { message?: string } }).error?.message ?? '';
      } catch {
        // not an error envelope
      }
      out.push({ route, value: '-', reference: `${url} answered ${probe.status} ${why}: add or fix its sample`, verdict: 'not measured' });
      continue;
    }
    const type = probe.type;
    const label = organization ? `${url} (${organization})` : url;
    if (!type.includes('application/json')) {
      const times: number[] = [];
      for (let i = 0; i < PER_REQUEST_RUNS + 1; i += 1) {
        const start = performance.now();
        const res = await fetch(`${address}${url}`, { headers: routeHeaders });
        await res.arrayBuffer();
        if (i > 0) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 0.5);
      out.push({
        route: label,
        value: `median ${median.toFixed(1)} ms / p95 ${percentile(times, 0.95).toFixed(1)} ms`,
        reference: `${type.split(';')[0]}, ${PER_REQUEST_RUNS} sequential requests`,
        verdict: 'per request',
      });
      continue;
    }
    toLoad.push({ index: out.length, url, label, headers: routeHeaders });
    // the verdict waits for the measurements and the reference
    out.push({ route: url, value: '', reference: '', verdict: 'not measured' });
  }

  // every route once per round, the rounds one after another, the bare route before each and after
  // the last: a moment of the machine (it varies by a third within minutes here) then touches one of
  // each route's measurements, and the median leaves it out
  const samples = new Map<number, LoadResult[]>();
  const peaks = new Map<number, number>();
  const failed = new Map<number, string>();
  for (let round = 0; round < rounds; round += 1) {
    if (round > 0) bareSamples.push(await loadBare());
    for (const { index, url, headers: routeHeaders } of toLoad) {
      if (failed.has(index)) continue;
      try {
        memory?.reset();
        const result = await load(`${address}${url}`, routeHeaders, round === 0);
        samples.set(index, [...(samples.get(index) ?? []), result]);
        if (memory) peaks.set(index, Math.max(peaks.get(index) ?? 0, memory.peak()));
      } catch (err) {
        failed.set(index, (err as Error).message);
      }
    }
  }
  bareSamples.push(await loadBare());
  const bare = median(bareSamples);
  for (const { index, url, label } of toLoad) {
    const why = failed.get(index);
    if (why !== undefined) {
      out[index] = { route: url, value: '-', reference: why, verdict: 'not measured' };
      continue;
    }
    const results = samples.get(index) ?? [];
    const result = median(results);
    const ratio = result.rps / bare.rps;
    const within = ratio >= share && (kind !== 'PostgreSQL' || result.p99 < PG_P99_MS);
    const peak = peaks.has(index) ? `, server RSS peak ${((peaks.get(index) as number) / 2 ** 20).toFixed(0)} MiB` : '';
    out[index] = {
      route: label,
      value: `${Math.round(result.rps)} req/s, p50 ${result.p50} ms / p99 ${result.p99} ms, ${(result.bytes / 1024).toFixed(1)} KB each${peak} (median of ${results.map((r) => Math.round(r.rps)).join(', ')} req/s)`,
      reference: `${(ratio * 100).toFixed(1)}% of bare (budget >= ${share * 100}%${kind === 'PostgreSQL' ? `, p99 < ${PG_P99_MS} ms` : ''})`,
      verdict: within ? 'within' : 'missed',
    };
  }
  return { rows: out, bare, bareSamples };
}
