import { randomUUID } from 'node:crypto';
import { TRAPS_PATHS } from '@orchard/shared/field-capture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createFieldWorld, requestsIn, type FieldWorld } from '../../../test/helpers/field-world';
import { fixedClock } from '../../../test/helpers/picking-world';
import { bearerMatches } from './metrics.routes';

const TOKEN = 'scrape-token-0123456789abcdef';
const NOW = new Date('2026-03-11T08:00:00+02:00');

/** The value of the sample `name` whose labels include `labels`, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let w: FieldWorld;
  const { asA } = requestsIn(() => t, () => w);
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN }, { clock: fixedClock(NOW) });
    w = await createFieldWorld(t);
  });
  afterAll(() => t.close());

  it('counts requests by route pattern, method and status, never by the path with its ids, and not itself', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const user = `/api/users/${w.a.userId}`;
    const read = await asA({ method: 'GET', url: user });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    await scrape();
    const text = await scrape();

    expect(sample(text, 'orchard_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'orchard_http_request_duration_seconds_count', { method: 'GET', route: '/healthz', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'orchard_http_request_duration_seconds_bucket', { method: 'GET', route: '/healthz', status: '200', le: '+Inf' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'orchard_http_request_duration_seconds_count', { method: 'GET', route: '/api/users/:id', status: String(read.statusCode) })).toBe(1);
    expect(text).not.toContain(`route="${user}"`);
    expect(sample(text, 'orchard_http_requests_total', { route: '(none)', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('route="/metrics"');
    expect(sample(text, 'orchard_http_requests_in_flight')).toBe(0);

    // every statement is timed by engine, with no SQL in a label; Node's own metrics are there
    expect(sample(text, 'orchard_db_query_duration_seconds_count', { engine: t.handle.kind, outcome: 'ok' })).toBeGreaterThan(0);
    if (t.handle.kind === 'postgres') {
      expect(sample(text, 'orchard_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'orchard_db_pool_idle_connections')).toBeGreaterThan(0);
      expect(sample(text, 'orchard_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(text).not.toContain('orchard_db_pool_');
    }
    expect(text).not.toMatch(/orchard_db_query_duration_seconds_count\{[^}]*select/i);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    // no response cache any more (docs/decisions/0005-made-fresh.md): nothing reports one
    expect(text).not.toMatch(/cache_hit/);
  });

  it('counts a capture once when it is created and once more for each resend answered with the stored row', async () => {
    const trap = { clientId: randomUUID(), farmBlockId: w.block.a1, trapType: 'delta', lure: 'fcm-pheromone', code: 'M1', lat: -32.52, lng: 19.01, activeFrom: '2026-02-01', activeTo: null };
    const labels = { area: 'field-capture' };
    const before = await scrape();
    const created0 = sample(before, 'orchard_captures_created_total', labels) ?? 0;
    const resent0 = sample(before, 'orchard_capture_duplicates_total', labels) ?? 0;

    const first = await asA({ method: 'POST', url: TRAPS_PATHS.traps, payload: trap });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = await scrape();
    expect(sample(afterFirst, 'orchard_captures_created_total', labels)).toBe(created0 + 1);
    expect(sample(afterFirst, 'orchard_capture_duplicates_total', labels) ?? 0).toBe(resent0);

    for (let i = 0; i < 2; i++) expect((await asA({ method: 'POST', url: TRAPS_PATHS.traps, payload: trap })).statusCode).toBe(200);
    const afterResends = await scrape();
    expect(sample(afterResends, 'orchard_captures_created_total', labels)).toBe(created0 + 1);
    expect(sample(afterResends, 'orchard_capture_duplicates_total', labels)).toBe(resent0 + 2);

    // a refused capture moves neither
    expect((await asA({ method: 'POST', url: TRAPS_PATHS.traps, payload: { ...trap, clientId: randomUUID(), lat: 200 } })).statusCode).toBe(400);
    const afterRefused = await scrape();
    expect(sample(afterRefused, 'orchard_captures_created_total', labels)).toBe(created0 + 1);
    expect(sample(afterRefused, 'orchard_capture_duplicates_total', labels)).toBe(resent0 + 2);
  });

  it('answers 401 without the token or with another one, and is a public route served during maintenance', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('orchard_');
    }
    const route = t.app.routeInventory.find((r) => r.method === 'GET' && r.url === '/metrics');
    expect([route?.auth, route?.tenant]).toEqual(['public', false]);
  });

  it('compares the token whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404, as an unknown path does, whatever the caller sends', async () => {
    for (const authorization of [undefined, 'Bearer anything-at-all-0123456789']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('orchard_');
    }
  });
});
