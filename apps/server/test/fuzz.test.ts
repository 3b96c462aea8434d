/**
 * A generated-request fuzz over the whole route inventory: for every API route, requests built
 * from the route's own schemas (values of the declared shapes, then edge values and arbitrary
 * JSON in their place), with real path ids, garbage ids, malformed bodies and odd organisation
 * headers, sent as the demo administrator on the seeded demo world. Whatever goes in, no answer is
 * a 5xx and every refusal uses the error envelope.
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { organizations, users } from '../src/db/schema/index';
import { seedDemoData } from '../src/db/seed/index';
import type { RouteInventoryEntry } from '../src/plugins/route-policy';
import { createTestApp, type TestApp } from './helpers/app';
import { sampleParam } from './helpers/tenant-matrix';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

/** Long-lived answers (server-sent events) that a generated request could hold open. */
const NOT_FUZZED = new Set(['GET /api/notifications/stream']);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  format?: string;
};

const EDGE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  '2025-02-30',
  '2025-06-30',
  '9999-12-31T23:59:59Z',
  '\u0000',
  'a\u0000b',
  'Navel\u0000',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '=cmd|calc',
  '\ud83c\udf4a',
  'x'.repeat(5000),
];
const EDGE_NUMBERS = [0, -1, 1, 1.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -1e308];

const anyJson = fc.jsonValue({ maxDepth: 2 });

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const limit = Math.min(s.maxLength ?? 40, 200);
  const shaped =
    s.format === 'email'
      ? fc.emailAddress()
      : s.format === 'date'
        ? fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
        : s.format === 'date-time'
          ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
          : fc.string({ minLength: Math.min(s.minLength ?? 0, limit), maxLength: limit });
  return fc.oneof({ weight: 1, arbitrary: shaped }, { weight: 1, arbitrary: fc.constantFrom(...EDGE_STRINGS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: limit + 2 }) });
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? -1000;
  const max = s.maximum ?? 1000;
  const inRange = integer
    ? fc.integer({ min: Math.max(Math.ceil(min), -2_147_483_648), max: Math.min(Math.floor(max), 2_147_483_647) })
    : fc.double({ min: Math.max(min, -1e12), max: Math.min(max, 1e12), noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 60 }) }, { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS) });
}

/** Values of the schema's shape, with arbitrary JSON in place of any part now and then. */
function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return anyJson;
  const shaped = shapedFromSchema(s, depth);
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

function shapedFromSchema(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)));
  if (s.allOf && s.allOf.length > 0) return fromSchema(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), { maxLength: 6 });
    case 'object': {
      const properties = s.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromSchema(value, depth + 1)])),
        { requiredKeys: [] },
      );
      // mostly every declared key present, so the request reaches the handler
      const full = fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromSchema(value, depth + 1)])));
      return fc.oneof({ weight: 3, arbitrary: full }, { weight: 1, arbitrary: record }, { weight: 1, arbitrary: fc.tuple(full, fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a })) });
    }
    default:
      return anyJson;
  }
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A query string from generated values (arrays repeat the key). */
function toQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(key, typeof item === 'string' ? item : JSON.stringify(item) ?? '');
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const paramValue = (name: string, url: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(sampleParam(name, url)) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '%2e%2e', 'useravatar', '00000000-0000-4000-8000-000000000000') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
  );

describe('generated-request fuzz over the route schemas', () => {
  let t: TestApp;
  let adminId: number;
  let organizationId: number;

  beforeAll(async () => {
    // errors are logged, so a 5xx found here comes with the stack that caused it
    t = await createTestApp({ logLevel: 'error' });
    await seedDemoData(t.handle, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    const [org] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Citrus Valley Growers'));
    adminId = admin!.id;
    organizationId = org!.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const apiRoutes = (): RouteInventoryEntry[] =>
    t.app.routeInventory.filter((r) => /^\/(api|connect)\//.test(r.url) && !r.url.startsWith('/api/docs') && !NOT_FUZZED.has(`${r.method} ${r.url}`));

  it('covers every API route', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThan(60);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/users', 'PUT /api/picking/schedule/rows/:id', 'POST /api/harvest/estimates', 'POST /connect/token']));
  });

  it('answers no generated request with a 5xx, and every refusal with the error envelope', async () => {
    const reached = new Set<string>();
    for (const route of apiRoutes()) {
      const names = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
      const params = fc.tuple(...names.map((name) => paramValue(name, route.url)));
      const query = fromSchema(jsonSchemaOf(route.schema?.querystring));
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const body = hasBody
        ? fc.oneof(
            { weight: 6, arbitrary: fromSchema(jsonSchemaOf(route.schema?.body)).map((v) => ({ kind: 'json' as const, v })) },
            { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((v) => ({ kind: 'raw-json' as const, v })) },
            { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((v) => ({ kind: 'bytes' as const, v })) },
          )
        : fc.constant(undefined);
      const orgHeader = fc.oneof(
        { weight: 8, arbitrary: fc.constant(String(organizationId)) },
        { weight: 1, arbitrary: fc.constantFrom('', '0', '-5', 'abc', '99999999999', '1.5', '2') },
      );

      await fc.assert(
        fc.asyncProperty(params, query, body, orgHeader, async (values, q, b, org) => {
          let i = 0;
          const url = route.url.replace(/:([A-Za-z_]+)/g, () => values[i++] ?? '1') + toQuery(q);
          // dot segments ('%2e%2e') can fold the path out of the API or the token endpoints (as a
          // browser's URL parser does): that request is the web app's, not this route's
          fc.pre(/^\/(api|connect)\//.test(new URL(url, 'http://localhost').pathname));
          const headers: Record<string, string> = { authorization: (await t.bearer(adminId)).authorization, 'x-organization-id': org };
          let payload: string | Buffer | undefined;
          if (b?.kind === 'json') {
            payload = JSON.stringify(b.v) ?? 'null';
            headers['content-type'] = 'application/json';
          } else if (b?.kind === 'raw-json') {
            payload = b.v;
            headers['content-type'] = 'application/json';
          } else if (b?.kind === 'bytes') {
            payload = Buffer.from(b.v);
            headers['content-type'] = 'application/octet-stream';
          }
          const res = await t.app.inject({ method: route.method as 'GET', url, headers, payload });
          const where = `${route.method} ${url} ${payload === undefined ? '' : String(payload).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode < 300) reached.add(`${route.method} ${route.url}`);
          if (res.statusCode >= 400) {
            const envelope = res.json() as { error?: { code?: unknown; message?: unknown } };
            expect(typeof envelope.error?.code === 'string' && typeof envelope.error.message === 'string', `no error envelope: ${where}`).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    // the generated requests get past validation into the handlers of most routes, not only refusals
    expect(reached.size, [...reached].join('\n')).toBeGreaterThanOrEqual(40);
  }, 600_000);
});
