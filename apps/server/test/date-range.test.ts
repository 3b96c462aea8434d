/**
 * The range of dates the product takes (FIRST_DAY to LAST_DAY, packages/shared calendar.ts), swept
 * over the whole route inventory as the demo administrator on the seeded demo world.
 *
 * Every date-shaped field of every route's query string and body (found from the route's own
 * schemas: a field that takes 2025-06-30 and refuses 2025-02-30, or the same as a date and time)
 * is sent the years 0000 (which PostgreSQL does not have), 0001 and 9999, each as a day and as a
 * date and time, alone and in every date field of the request at once, in a request otherwise
 * built from the route's schemas with the demo world's rows. Each answers 400 in the error envelope
 * naming the field with the message it gives an impossible date written the same way, never a 5xx.
 *
 * A CSV field import line dated outside the range is refused in preview with the line's problem,
 * and commit refuses the file and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  FIELD_IMPORT_KINDS,
  FIELD_IMPORT_MESSAGES,
  FIELD_CAPTURE_MESSAGES,
  SCOUTING_MESSAGES,
  type FieldImportKind,
} from '@orchard/shared/field-capture';
import { PACKHOUSE_READINGS_PATHS } from '@orchard/shared/packhouse-readings';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  farmBlocks,
  farms,
  organizations,
  phenologyObservations,
  pickingEstimates,
  pickingProgressTypes,
  scoutingSessions,
  tensiometerReadings,
  trapInspections,
  traps,
  users,
  waterApplied,
} from '../src/db/schema/index';
import { seedDemoData } from '../src/db/seed/index';
import type { RouteInventoryEntry } from '../src/plugins/route-policy';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartFile } from './helpers/harvest-world';
import { fixedClock } from './helpers/picking-world';
import { sampleParam } from './helpers/tenant-matrix';

/** The demo world's reference day, and the application's clock stopped on it. */
const TODAY = '2025-06-30';
const NOW = new Date(`${TODAY}T08:00:00+02:00`);

type Kind = 'day' | 'instant';

/** A day the product takes, in either form. */
const GOOD: Record<Kind, string> = { day: TODAY, instant: `${TODAY}T07:30:00+02:00` };
/** An impossible date written the same way: the message a field gives it is its invalid-date message. */
const IMPOSSIBLE: Record<Kind, string> = { day: '2025-02-30', instant: '2025-02-30T07:30:00+02:00' };
/** Years outside the range, each as a day and as a date and time. */
const OUT_OF_RANGE = ['0000-01-01', '0001-01-01', '9999-12-31', '0000-01-01T00:00:00Z', '0001-01-01T08:00:00+02:00', '9999-12-31T23:59:59Z'];

/** Long-lived answers (server-sent events) that carry no dates. */
const NOT_SWEPT = new Set(['GET /api/notifications/stream']);

type Part = 'querystring' | 'body';

/** A date-shaped field of a route: where it is (array elements at index 0) and the messages it gives an impossible date. */
interface DateField {
  part: Part;
  path: (string | number)[];
  kind: Kind;
  invalid: Record<Kind, string[]>;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const messagesOf = (leaf: z.ZodType, value: string) => {
  const read = leaf.safeParse(value);
  return read.success ? [] : read.error.issues.map((i) => i.message);
};

function kindOf(leaf: z.ZodType): Kind | undefined {
  const takes = (v: string) => leaf.safeParse(v).success;
  if (takes(GOOD.day) && !takes(IMPOSSIBLE.day)) return 'day';
  if (takes(GOOD.instant) && !takes(IMPOSSIBLE.instant)) return 'instant';
  return undefined;
}

/** The date-shaped leaves of a zod schema. */
function dateFields(schema: unknown, part: Part, path: (string | number)[] = [], out: DateField[] = []): DateField[] {
  const def = defOf(schema);
  if (!def || path.length > 8) return out;
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) dateFields(value, part, [...path, key], out);
      break;
    case 'array':
      dateFields(def.element, part, [...path, 0], out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      dateFields(def.innerType, part, path, out);
      break;
    case 'pipe':
      dateFields(def.in, part, path, out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) dateFields(option, part, path, out);
      break;
    default: {
      const leaf = schema as z.ZodType;
      const kind = kindOf(leaf);
      if (kind && !out.some((f) => f.part === part && f.path.join('.') === path.join('.'))) {
        out.push({ part, path, kind, invalid: { day: messagesOf(leaf, IMPOSSIBLE.day), instant: messagesOf(leaf, IMPOSSIBLE.instant) } });
      }
    }
  }
  return out;
}

/** The demo world's rows a request names, by the field's name. */
type Ids = Record<string, number>;

/**
 * A value of the schema's shape that its own checks take where they can: optional fields left out
 * unless they name a row of the demo world, ids of the demo world's rows by name, the first choice of a list, and a good day for every date.
 */
function sampleOf(schema: unknown, key: string, ids: Ids): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  const leaf = schema as z.ZodType;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return ids[key] === undefined ? undefined : sampleOf(def.innerType, key, ids);
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return sampleOf(def.innerType, key, ids) ?? null;
    case 'pipe':
      return leafSample(leaf, key, ids) ?? sampleOf(def.in, key, ids);
    case 'object': {
      const entries = Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, sampleOf(v, k, ids)] as const);
      return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
    }
    case 'array':
      return [sampleOf(def.element, key, ids)];
    case 'union':
      return (def.options as unknown[]).map((o) => sampleOf(o, key, ids)).find((v) => leaf.safeParse(v).success);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return false;
    default:
      return leafSample(leaf, key, ids);
  }
}

/** The first of a few plain values (a good day for a date) that a leaf takes. */
function leafSample(leaf: z.ZodType, key: string, ids: Ids): unknown {
  const kind = kindOf(leaf);
  const id = ids[key];
  const candidates: unknown[] = kind
    ? [GOOD[kind]]
    : [...(id === undefined ? [] : [id, String(id)]), randomUUID(), '08:00', 'Sweep', 1, '1', 10, 0, 50, 2025, 27, true, null];
  return candidates.find((v) => leaf.safeParse(v).success);
}

/** `value` with `path` set to `to`. */
function setPath(value: unknown, path: readonly (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = setPath(list[head], rest, to);
    return list;
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head!] = setPath(object[head!], rest, to);
  return object;
}

/** A query string of scalar values (arrays repeat the key). */
function toQuery(value: unknown): string {
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) if (item !== null && item !== undefined) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe('dates outside the range the product takes', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let ids: Ids;
  /** a block of the demo world with its farm's and its own name, and a coded trap in it */
  let place: { farm: string; block: string; trap: string };

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'error' }, { clock: fixedClock(NOW) });
    await seedDemoData(t.handle, { referenceDate: NOW });
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    const [org] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Citrus Valley Growers'));
    headers = await t.headersFor(admin!.id, org!.id);
    const [trap] = await t.db
      .select({ id: traps.id, code: traps.code, farmBlockId: traps.farmBlockId, block: farmBlocks.name, farm: farms.farmName })
      .from(traps)
      .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
      .where(and(eq(traps.organizationId, org!.id), isNotNull(traps.code)))
      .limit(1);
    // the grower keeps no lines or rooms of its own in the packhouses it links: one of each, made as a user would
    const [packhouse] = (await t.app.inject({ method: 'GET', url: PACKHOUSE_READINGS_PATHS.packhouses, headers })).json() as { id: number }[];
    const make = async (url: string, name: string) =>
      ((await t.app.inject({ method: 'POST', url, headers, payload: { clientId: randomUUID(), packhouseId: packhouse!.id, name } })).json() as { id: number }).id;
    const lineId = await make(PACKHOUSE_READINGS_PATHS.lineCreate, 'Sweep line');
    const roomId = await make(PACKHOUSE_READINGS_PATHS.roomCreate, 'Sweep room');
    const [estimate] = await t.db.select().from(pickingEstimates).where(eq(pickingEstimates.organizationId, org!.id)).limit(1);
    const [progress] = await t.db.select({ id: pickingProgressTypes.id }).from(pickingProgressTypes).limit(1);
    ids = {
      farmBlockId: trap!.farmBlockId,
      trapId: trap!.id,
      lineId,
      roomId,
      puc: estimate!.pucId,
      variety: estimate!.varietyId,
      packhouse: estimate!.packhouseId,
      packhouseId: estimate!.packhouseId,
      pickingProgress: progress!.id,
    };
    place = { farm: trap!.farm, block: trap!.block, trap: trap!.code! };
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const routes = (): RouteInventoryEntry[] => t.app.routeInventory.filter((r) => !NOT_SWEPT.has(`${r.method} ${r.url}`));
  const fieldsOf = (r: RouteInventoryEntry) => [...dateFields(r.schema?.querystring, 'querystring'), ...dateFields(r.schema?.body, 'body')];

  const send = async (r: RouteInventoryEntry, url: string, query: unknown, body: unknown) =>
    t.app.inject({
      method: r.method as 'GET',
      url: `${url}${toQuery(query)}`,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });

  /** The path with real rows: a row the route's own create route makes with good days when there is one, else the usual samples. */
  const pathOf = async (r: RouteInventoryEntry): Promise<{ url: string; version?: number }> => {
    const create = r.url.endsWith('/:id') && r.method === 'PUT' ? routes().find((c) => c.method === 'POST' && c.url === r.url.slice(0, -'/:id'.length)) : undefined;
    if (create) {
      const created = await send(create, create.url, undefined, requestOf(create, fieldsOf(create), new Map()).body);
      const row = created.json() as { id?: number; version?: number };
      if (created.statusCode < 300 && typeof row.id === 'number') return { url: r.url.replace(':id', String(row.id)), version: row.version };
    }
    return { url: r.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (ids[name] === undefined ? sampleParam(name, r.url) : String(ids[name]))) };
  };

  /** The route's query and body from its schemas, every date field good unless `dates` sets it. */
  const requestOf = (r: RouteInventoryEntry, fields: DateField[], dates: Map<DateField, string>, version?: number) => {
    const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
    // ?filter= of a list of readings names its line or room
    const named = { ...ids, filter: r.url.startsWith('/api/storage/') ? ids.roomId! : ids.lineId! };
    let query: unknown = sampleOf(r.schema?.querystring, '', named) ?? {};
    let body = hasBody ? sampleOf(r.schema?.body, '', named) : undefined;
    if (body && typeof body === 'object' && 'clientId' in body) body = { ...body, clientId: randomUUID() };
    if (body && typeof body === 'object' && 'version' in body && version !== undefined) body = { ...body, version };
    for (const f of fields) {
      const value = dates.get(f) ?? GOOD[f.kind];
      if (f.part === 'querystring') query = setPath(query, f.path, value);
      else body = setPath(body, f.path, value);
    }
    return { query, body };
  };

  const expectRefused = (res: LightMyRequestResponse, f: DateField, value: string, where: string) => {
    expect(res.statusCode, where).toBe(400);
    const envelope = res.json() as { error?: { code?: unknown; message?: unknown; details?: { field: string; message: string }[] } };
    expect(envelope.error?.code, where).toBe('VALIDATION_FAILED');
    expect(typeof envelope.error?.message, where).toBe('string');
    const named = (envelope.error?.details ?? []).filter((d) => d.field === f.path.join('.')).map((d) => d.message);
    const expected = f.invalid[value.includes('T') ? 'instant' : 'day'];
    expect(expected.length, where).toBeGreaterThan(0);
    expect(named, where).toEqual(expect.arrayContaining(expected));
  };

  it('finds the date fields of the route inventory', () => {
    const found = routes().flatMap((r) => fieldsOf(r).map((f) => `${r.method} ${r.url} ${f.part === 'body' ? '' : '?'}${f.path.join('.')}`));
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/traps ?from',
        'GET /api/traps ?to',
        'GET /api/trap-inspections ?from',
        'GET /api/scouting/sessions ?to',
        'GET /api/irrigation/tensiometer-readings ?from',
        'GET /api/irrigation/water-applied ?to',
        'GET /api/phenology/observations ?from',
        'GET /api/line/GetLineWaxReadings ?from',
        'GET /api/pest-dashboard ?date',
        'GET /api/farm-operations/sessions ?date',
        'GET /api/farm-operations/export ?start',
        'GET /api/picking/schedule ?pagerDate',
        'GET /api/picking/capacities ?pagerDate',
        'POST /api/traps activeFrom',
        'PUT /api/traps/:id activeTo',
        'POST /api/trap-inspections inspectedOn',
        'POST /api/irrigation/tensiometer-readings readOn',
        'POST /api/irrigation/water-applied appliedOn',
        'POST /api/phenology/observations observedOn',
        'POST /api/scouting/sessions startedAt',
        'PUT /api/scouting/sessions/:id endedAt',
        'POST /api/line/wax-readings readOn',
        'POST /api/storage/room-readings readOn',
        'PUT /api/picking/puc-schedule/cells date',
        'PUT /api/picking/capacities/:packhouseId pagerDate',
        'POST /api/export-logs exportTime',
      ]),
    );
    expect(found.length).toBeGreaterThan(45);
  });

  it('refuses every date field of every route outside the range with the field\'s own message, never with a 5xx', async () => {
    const reached: string[] = [];
    for (const r of routes()) {
      const fields = fieldsOf(r);
      if (fields.length === 0) continue;
      const { url, version } = await pathOf(r);
      // the same request with good days gets past the checks of its days
      const good = requestOf(r, fields, new Map(), version);
      const base = await send(r, url, good.query, good.body);
      expect(base.statusCode, `${r.method} ${url} -> ${base.body}`).toBeLessThan(500);
      if (base.statusCode < 300) reached.push(`${r.method} ${r.url}`);
      for (const value of OUT_OF_RANGE) {
        // each field alone, and every date field of the request at once (so no rule across days answers first)
        const cases = [...fields.map((f) => new Map([[f, value]])), ...(fields.length > 1 ? [new Map(fields.map((f) => [f, value]))] : [])];
        for (const dates of cases) {
          const { query, body } = requestOf(r, fields, dates, version);
          const res = await send(r, url, query, body);
          const where = `${r.method} ${url}${toQuery(query)} ${JSON.stringify(body) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 400)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          for (const f of dates.keys()) expectRefused(res, f, value, where);
        }
      }
    }
    // the good requests reach the handlers: the refusals above are the days', not the requests' other parts
    expect(reached, reached.join('\n')).toEqual(
      expect.arrayContaining([
        'GET /api/traps',
        'GET /api/pest-dashboard',
        'GET /api/farm-operations/sessions',
        'GET /api/picking/schedule',
        'GET /api/picking/capacities',
        'PUT /api/picking/puc-schedule/cells',
        'POST /api/harvest/bins',
        'POST /api/traps',
        'PUT /api/traps/:id',
        'POST /api/trap-inspections',
        'POST /api/irrigation/tensiometer-readings',
        'POST /api/irrigation/water-applied',
        'POST /api/phenology/observations',
        'POST /api/scouting/sessions',
        'POST /api/line/wax-readings',
        'PUT /api/storage/room-readings/:id',
        'PUT /api/scouting/sessions/:id',
        'POST /api/export-logs',
      ]),
    );
    expect(reached.length).toBeGreaterThanOrEqual(30);
  }, 120_000);

  /** Each kind's CSV: a good line, and the same line with a date column outside the range. */
  const importLines = (): Record<FieldImportKind, { header: string; line: (date: string) => string; column: string; message: string }[]> => {
    const { farm, block, trap } = place;
    return {
      tensiometerReadings: [{ header: 'farm,block,station,depth_cm,kpa,read_on', line: (d) => `${farm},${block},S9,30,12.5,${d}`, column: 'read_on', message: FIELD_CAPTURE_MESSAGES.dayInvalid }],
      waterApplied: [{ header: 'farm,block,applied_on,amount,unit', line: (d) => `${farm},${block},${d},12,mm`, column: 'applied_on', message: FIELD_CAPTURE_MESSAGES.dayInvalid }],
      phenology: [{ header: 'farm,block,observed_on,stage,percent_of_trees', line: (d) => `${farm},${block},${d},flowering,40`, column: 'observed_on', message: FIELD_CAPTURE_MESSAGES.dayInvalid }],
      traps: [
        { header: 'farm,block,trap_type,lure,code,lat,lng,active_from,active_to', line: (d) => `${farm},${block},delta,none,SW1,-33.1,19.1,${d},`, column: 'active_from', message: FIELD_CAPTURE_MESSAGES.dayInvalid },
        { header: 'farm,block,trap_type,lure,code,lat,lng,active_from,active_to', line: (d) => `${farm},${block},delta,none,SW2,-33.1,19.1,2025-06-01,${d}`, column: 'active_to', message: FIELD_CAPTURE_MESSAGES.dayInvalid },
      ],
      trapInspections: [{ header: 'farm,block,trap,inspected_on,count,note', line: (d) => `${farm},${block},${trap},${d},3,`, column: 'inspected_on', message: FIELD_CAPTURE_MESSAGES.dayInvalid }],
      scouting: [
        { header: 'farm,block,started_at,ended_at,point,pest,count,present,note', line: (d) => `${farm},${block},${d} 07:00,2025-06-24 08:00,1,red-scale,4,,`, column: 'started_at', message: SCOUTING_MESSAGES.startInvalid },
        { header: 'farm,block,started_at,ended_at,point,pest,count,present,note', line: (d) => `${farm},${block},2025-06-24 07:00,${d} 08:00,1,red-scale,4,,`, column: 'ended_at', message: SCOUTING_MESSAGES.endInvalid },
      ],
    };
  };

  it('refuses a CSV field import line dated outside the range in preview, and commit writes nothing', async () => {
    const tables = [traps, trapInspections, scoutingSessions, tensiometerReadings, waterApplied, phenologyObservations];
    const stored = async () => Promise.all(tables.map(async (table) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n));
    const before = await stored();
    const importFile = async (kind: FieldImportKind, csv: string, mode: 'preview' | 'commit') => {
      const { payload, headers: multipart } = multipartFile(csv, 'captures.csv');
      return t.app.inject({ method: 'POST', url: `${FIELD_IMPORT_KINDS[kind].path}?mode=${mode}`, payload, headers: { ...headers, ...multipart } });
    };
    for (const [kind, cases] of Object.entries(importLines()) as [FieldImportKind, ReturnType<typeof importLines>[FieldImportKind]][]) {
      for (const c of cases) {
        const good = await importFile(kind, `${c.header}\n${c.line('2025-06-24')}`, 'preview');
        expect(good.statusCode, good.body).toBe(200);
        expect(good.json().lines, `${kind} ${good.body}`).toMatchObject([{ status: 'created', problems: [] }]);
        for (const date of ['0000-01-01', '0001-01-01', '9999-12-31']) {
          const csv = `${c.header}\n${c.line('2025-06-24')}\n${c.line(date)}`;
          const preview = await importFile(kind, csv, 'preview');
          const where = `${kind} ${c.column} ${date}: ${preview.body}`;
          expect(preview.statusCode, where).toBe(200);
          expect(preview.json().lines[1], where).toMatchObject({ line: 3, status: 'refused' });
          expect(preview.json().lines[1].problems, where).toEqual(expect.arrayContaining([expect.objectContaining({ field: c.column, message: c.message })]));
          const commit = await importFile(kind, csv, 'commit');
          expect(commit.statusCode, `${kind} ${c.column} ${date}: ${commit.body}`).toBe(400);
          expect(commit.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: FIELD_IMPORT_MESSAGES.hasErrors });
          expect(commit.json().error.details.map((d: { field: string }) => d.field)).toContain(`line 3: ${c.column}`);
        }
      }
    }
    expect(await stored()).toEqual(before);
  });
});
