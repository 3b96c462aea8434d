/**
 * Cross-cutting guarantees over the whole route inventory: every route declares its policy, no
 * private route answers without a token, another organisation's context answers 404, every
 * permission-gated route refuses a member without the permission, and every id or other number in
 * a path or query string is read only when written in decimal digits.
 */
import { ALL_PERMISSIONS, FIELD_AREA_PERMISSIONS, INT_MAX, type FieldArea } from '@orchard/shared/core';
import { IRRIGATION_PATHS, PHENOLOGY_PATHS, SCOUTING_PATHS, TRAPS_PATHS } from '@orchard/shared/field-capture';
import { ORGANIZATION_ONBOARDING_PATHS } from '@orchard/shared/organizations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers/app';
import { addMember, createRole, createUser } from './helpers/fixtures';
import { createTenantWorld, fillPath, sampleParam, type TenantWorld } from './helpers/tenant-matrix';

/** Where each Field Data area's routes live (lists, items and their imports). */
const FIELD_AREA_PATH_PREFIXES: Record<FieldArea, readonly string[]> = {
  scouting: [SCOUTING_PATHS.sessions],
  traps: [TRAPS_PATHS.traps, TRAPS_PATHS.inspections],
  irrigation: [IRRIGATION_PATHS.tensiometerReadings, IRRIGATION_PATHS.waterApplied],
  phenology: [PHENOLOGY_PATHS.observations],
};

/** Spellings that a lax reading takes for 16 (or 1), each refused as an id. */
const NOT_DECIMAL_IDS = ['0x10', '1e1', '+16', ' 16', '016', '16.0', '0b1'];

/** Numbers a field is probed with: the first it reads as itself marks it as a number field. */
const SAMPLE_NUMBERS = [2, 1, 0, 10, 15, 20, 50, 100, 2025, 100_000];

/** Spellings that a lax reading takes for 2 or 10, each refused as a number. */
const NOT_DECIMAL_NUMBERS = ['0x2', '1e1', '+2', ' 2'];

/** Those, and the spellings that a lax reading takes for `n` (a number the field takes), each refused as a number in a path or query string. */
function notDecimalSpellings(n: number): string[] {
  const ofN = [`0x${n.toString(16)}`, n % 10 === 0 ? `${n / 10}e1` : `${n}e0`, `+${n}`, ` ${n}`, `${n} `, `0${n}`, `${n}.0`];
  return [...new Set([...NOT_DECIMAL_NUMBERS, ...ofN])];
}

/** Does the field read `n` written in decimal as n (alone or as a list of one)? */
function readsNumber(value: z.ZodType, n: number): boolean {
  const read = value.safeParse(String(n));
  return read.success && (read.data === n || (Array.isArray(read.data) && read.data.length === 1 && read.data[0] === n));
}

function fields(schema: unknown): [string, z.ZodType][] {
  return schema instanceof z.ZodObject ? Object.entries(schema.shape as Record<string, z.ZodType>) : [];
}

/** The keys of a zod object schema that read an id: "1" and "2147483647" as those numbers (alone or as a list of one). */
function idKeys(schema: unknown): string[] {
  return fields(schema)
    .filter(([, value]) => readsNumber(value, 1) && readsNumber(value, INT_MAX))
    .map(([key]) => key);
}

/** The other keys of a zod object schema that read a number (a page, a page size, a season), each with one it reads. */
function numberKeys(schema: unknown): [string, number][] {
  const ids = new Set(idKeys(schema));
  return fields(schema).flatMap(([key, value]): [string, number][] => {
    const n = ids.has(key) ? undefined : SAMPLE_NUMBERS.find((sample) => readsNumber(value, sample));
    return n === undefined ? [] : [[key, n]];
  });
}

describe('route inventory', () => {
  let t: TestApp;
  let world: TenantWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createTenantWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const routes = () => t.app.routeInventory;
  const privateRoutes = () => routes().filter((r) => r.auth !== 'public');
  const tenantRoutes = () => routes().filter((r) => r.tenant === true || typeof r.auth === 'object');
  const gatedRoutes = () => routes().filter((r) => typeof r.auth === 'object');

  it('has the shell and sign-in routes registered', () => {
    const urls = routes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /connect/token', 'GET /api/me', 'GET /api/menu', 'GET /healthz']));
    // the attention list's published calls (docs/domain.md, Attention list)
    expect(urls).toEqual(expect.arrayContaining(['GET /api/action/GetAttentionList', 'POST /api/action/ConfirmAction']));
    // the organisation data export (docs/domain.md, Organisation data export): administrators only, in their organisation
    const archive = routes().find((r) => r.method === 'GET' && r.url === '/api/organization-export/archive');
    expect(archive?.auth).toEqual({ permissions: ['management.organisationData'] });
    expect(archive?.tenant).toBe(true);
  });

  it('every route declares its auth policy, and every non-public one its tenant scope', () => {
    const undeclared = routes().filter((r) => r.auth === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const noScope = privateRoutes()
      .filter((r) => typeof r.tenant !== 'boolean' && typeof r.auth !== 'object')
      .map((r) => `${r.method} ${r.url}`);
    expect(noScope).toEqual([]);
  });

  it('every private route answers 401 without a token, and with a forged one', async () => {
    expect(privateRoutes().length).toBeGreaterThan(5);
    for (const r of privateRoutes()) {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: fillPath(r.url),
          headers: authorization ? { authorization } : {},
          payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it("every tenant-scoped route answers 404 to a member of B naming A's organisation", async () => {
    expect(tenantRoutes().length).toBeGreaterThan(3);
    for (const r of tenantRoutes()) {
      const headers = await t.headersFor(world.b.userId, world.a.organizationId);
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fillPath(r.url),
        headers,
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain(world.a.canary);
    }
  });

  it('the Create New Organization routes are super-user routes without an organisation (the super-user sweep covers them)', () => {
    const onboarding = routes()
      .filter((r) => (Object.values(ORGANIZATION_ONBOARDING_PATHS) as string[]).includes(r.url))
      .filter((r) => !(r.method === 'GET' && r.url === ORGANIZATION_ONBOARDING_PATHS.create));
    expect(onboarding.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/organizations', 'POST /api/regions', 'POST /api/areas', 'POST /api/provinces', 'GET /api/organization-onboarding/copy-sources', 'GET /api/organization-onboarding/super-users']),
    );
    expect(onboarding).toHaveLength(13);
    for (const r of onboarding) expect([r.auth, r.tenant], `${r.method} ${r.url}`).toEqual(['superUser', false]);
  });

  it('every permission-gated route answers 403 to a member without the permission and lets one with it through', async () => {
    const orgId = world.a.organizationId;
    const bare = await createUser(t.db, 'no-permissions');
    const emptyRole = await createRole(t.db, orgId, 'Nothing', []);
    await addMember(t.db, bare.id, orgId, [emptyRole.id]);
    // every permission in A, and a super user: some gated routes (finding and linking users of
    // other organisations) also need one (the privilege matrix covers that part)
    const holder = await createUser(t.db, 'every-permission-super-user', { isSuperUser: true });
    await addMember(t.db, holder.id, orgId, [(await createRole(t.db, orgId, 'Everything here', ALL_PERMISSIONS)).id]);
    for (const r of gatedRoutes()) {
      const needed = (r.auth as { permissions: readonly string[] }).permissions;
      expect(needed.every((p) => (ALL_PERMISSIONS as readonly string[]).includes(p)), `${r.url} names unknown permissions`).toBe(true);
      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const denied = await t.app.inject({ method: r.method as 'GET', url: fillPath(r.url), headers: await t.headersFor(bare.id, orgId), payload });
      expect(denied.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(denied.json().error.code).toBe('FORBIDDEN');
      const allowed = await t.app.inject({ method: r.method as 'GET', url: fillPath(r.url), headers: await t.headersFor(holder.id, orgId), payload });
      expect([401, 403], `${r.method} ${r.url}`).not.toContain(allowed.statusCode);
    }
  });

  it('every Field Data route reads with a view permission of its area and writes with its capture permission; a viewer reads and cannot write', async () => {
    const areaOf = (url: string): FieldArea | null =>
      (Object.entries(FIELD_AREA_PATH_PREFIXES) as [FieldArea, readonly string[]][]).find(([, prefixes]) => prefixes.some((p) => url.startsWith(p)))?.[0] ?? null;
    const fieldRoutes = routes().filter((r) => areaOf(r.url) !== null);
    // lists, items, writes and imports of all six kinds
    expect(fieldRoutes.length).toBeGreaterThanOrEqual(30);
    const orgId = world.a.organizationId;
    for (const area of Object.keys(FIELD_AREA_PERMISSIONS) as FieldArea[]) {
      const { view, capture } = FIELD_AREA_PERMISSIONS[area];
      const viewer = await createUser(t.db, `field-viewer-${area}`);
      await addMember(t.db, viewer.id, orgId, [(await createRole(t.db, orgId, `Views ${area}`, view)).id]);
      const headers = await t.headersFor(viewer.id, orgId);
      const own = fieldRoutes.filter((r) => areaOf(r.url) === area);
      expect(own.some((r) => r.method === 'GET') && own.some((r) => r.method !== 'GET'), area).toBe(true);
      for (const r of own) {
        const where = `${r.method} ${r.url}`;
        const needed = typeof r.auth === 'object' ? r.auth.permissions : [];
        const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
        const res = await t.app.inject({ method: r.method as 'GET', url: fillPath(r.url), headers, payload });
        if (r.method === 'GET') {
          expect(needed, where).toHaveLength(1);
          expect(view as readonly string[], where).toContain(needed[0]);
          expect([401, 403], where).not.toContain(res.statusCode);
        } else {
          expect(needed, where).toEqual([capture]);
          expect(res.statusCode, where).toBe(403);
        }
      }
    }
  });

  it('no GET route that answers JSON changes anything', async () => {
    const orgId = world.a.organizationId;
    const reader = await createUser(t.db, 'reads-everything-super-user', { isSuperUser: true });
    await addMember(t.db, reader.id, orgId, [(await createRole(t.db, orgId, 'Everything to read', ALL_PERMISSIONS)).id]);
    const headers = await t.headersFor(reader.id, orgId);
    // a session of its own for the second pass: none of its answers is kept yet, so every handler runs
    const fresh = await t.headersFor(reader.id, orgId);
    // the live event stream never ends (and writes nothing: notifications tests); files (exports) write their export log
    const reads = routes().filter((r) => r.method === 'GET' && !r.url.endsWith('/stream'));
    expect(reads.length).toBeGreaterThan(80);
    const json: string[] = [];
    for (const r of reads) {
      const res = await t.app.inject({ method: 'GET', url: fillPath(r.url), headers });
      if (String(res.headers['content-type']).includes('application/json')) json.push(fillPath(r.url));
    }
    expect(json.length).toBeGreaterThan(80);
    // every table writes its name on a channel of this test's own (the product's change notices cover only the access tables)
    const probe = 'get_route_write_probe';
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION ${probe}() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN PERFORM pg_notify('${probe}', TG_TABLE_NAME); RETURN NULL; END $fn$`),
    );
    const tables = await rowsOf<{ table: string }>(t.db, sql`select tablename as "table" from pg_tables where schemaname = 'public'`);
    for (const { table } of tables) {
      await t.db.execute(sql.raw(`CREATE TRIGGER ${probe} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION ${probe}()`));
    }
    const written: string[] = [];
    let sentinel: () => void = () => undefined;
    const drained = new Promise<void>((resolve) => (sentinel = resolve));
    const stop = await t.handle.listen(probe, (payload) => (payload === 'sentinel' ? sentinel() : written.push(payload)), () => undefined);
    try {
      const changed: string[] = [];
      for (const url of json) {
        const before = written.length;
        await t.app.inject({ method: 'GET', url, headers: fresh });
        // PGlite hands notices over at once, so they can be put on the route; PostgreSQL's are counted at the end
        if (written.length !== before) changed.push(`${url}: ${written.slice(before).join(', ')}`);
      }
      await t.db.execute(sql`select pg_notify(${probe}, 'sentinel')`);
      await drained;
      expect(changed).toEqual([]);
      expect(written).toEqual([]);
    } finally {
      await stop();
      for (const { table } of tables) await t.db.execute(sql.raw(`DROP TRIGGER ${probe} ON "${table}"`));
    }
  }, 90_000);

  it('every super-user route answers 403 to an Administrator holding every permission who is not a super user, and lets a super user through', async () => {
    const orgId = world.a.organizationId;
    const everything = await createRole(t.db, orgId, 'Everything, no super user', ALL_PERMISSIONS);
    const administrator = await createUser(t.db, 'every-permission-not-super');
    await addMember(t.db, administrator.id, orgId, [everything.id]);
    // a super user needs no role and no organisation for these
    const operator = await createUser(t.db, 'operator-without-roles', { isSuperUser: true });
    const superUserRoutes = routes().filter((r) => r.auth === 'superUser');
    expect(superUserRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /api/organizations', 'GET /api/updates/pending']));
    for (const r of superUserRoutes) {
      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const denied = await t.app.inject({ method: r.method as 'GET', url: fillPath(r.url), headers: await t.headersFor(administrator.id, orgId), payload });
      expect(denied.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(denied.json().error.code).toBe('FORBIDDEN');
      expect(denied.body).not.toContain(world.a.canary);
      const allowed = await t.app.inject({ method: r.method as 'GET', url: fillPath(r.url), headers: await t.bearer(operator.id), payload });
      expect([401, 403, 404], `${r.method} ${r.url}`).not.toContain(allowed.statusCode);
    }
  });

  it('every id or other number in a path or query string written other than in decimal digits answers 400 before the handler runs', async () => {
    const orgId = world.a.organizationId;
    const caller = await createUser(t.db, 'id-spellings-super-user', { isSuperUser: true });
    await addMember(t.db, caller.id, orgId, [(await createRole(t.db, orgId, 'Everything for ids', ALL_PERMISSIONS)).id]);
    const headers = await t.headersFor(caller.id, orgId);
    const refuses = async (method: string, url: string, field: string) => {
      const res = await t.app.inject({ method: method as 'GET', url, headers, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      const where = `${method} ${url}: ${res.body}`;
      expect(res.statusCode, where).toBe(400);
      const body = res.json() as { error: { code: string; message: string; details?: { field: string }[] } };
      expect(body.error.code, where).toBe('VALIDATION_FAILED');
      expect(body.error.message, where).toBe('The request is not valid');
      expect(body.error.details?.map((d) => d.field.split('.')[0]), where).toContain(field);
    };

    const swept: string[] = [];
    const sweptNumbers: string[] = [];
    for (const r of routes()) {
      const inPath = [
        ...idKeys(r.schema?.params).map((name) => ({ name, spellings: NOT_DECIMAL_IDS, into: swept })),
        ...numberKeys(r.schema?.params).map(([name, n]) => ({ name, spellings: notDecimalSpellings(n), into: sweptNumbers })),
      ];
      for (const { name, spellings, into } of inPath) {
        expect(r.url, `${r.method} ${r.url} reads ${name} as a number without naming it in its path`).toContain(`:${name}`);
        for (const spelling of spellings) {
          const url = r.url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => (param === name ? encodeURIComponent(spelling) : sampleParam(param, r.url)));
          await refuses(r.method, url, name);
        }
        into.push(`${r.method} ${r.url} :${name}`);
      }
      // a request with a body is checked for its body before its query string: the query sweep covers reads
      if (r.method !== 'GET' && r.method !== 'DELETE') continue;
      const inQuery = [
        ...idKeys(r.schema?.querystring).map((name) => ({ name, spellings: NOT_DECIMAL_IDS, into: swept })),
        ...numberKeys(r.schema?.querystring).map(([name, n]) => ({ name, spellings: notDecimalSpellings(n), into: sweptNumbers })),
      ];
      for (const { name, spellings, into } of inQuery) {
        for (const spelling of spellings) {
          await refuses(r.method, `${fillPath(r.url)}?${new URLSearchParams({ [name]: spelling }).toString()}`, name);
        }
        into.push(`${r.method} ${r.url} ?${name}`);
      }
    }
    expect(swept).toEqual(
      expect.arrayContaining([
        'GET /api/users/:id :id',
        'PUT /api/picking/schedule/rows/:id :id',
        'GET /api/harvest/pucs/:pucId/blocks :pucId',
        'PUT /api/picking/capacities/:packhouseId :packhouseId',
        'GET /api/storage/GetStorage_Rooms ?packhouse',
        'GET /api/farm-setup/pucs ?farmId',
        'GET /api/Management/GetLoginHistory ?areas',
      ]),
    );
    expect(swept.filter((s) => s.includes(' :')).length).toBeGreaterThan(30);
    expect(swept.filter((s) => s.includes(' ?')).length).toBeGreaterThan(20);
    expect(sweptNumbers).toEqual(
      expect.arrayContaining([
        'GET /api/organizations ?page',
        'GET /api/organizations ?pageSize',
        'GET /api/audit-trail ?page',
        'GET /api/audit-trail ?pageSize',
        'GET /api/roles ?page',
        'GET /api/roles ?size',
        'GET /api/notifications ?limit',
        'GET /api/picking/puc-schedule ?page',
        'GET /api/picking/puc-schedule ?pageSize',
        'GET /api/scouting/sessions ?pageSize',
        'GET /api/storage/GetStorage_Room_Readings ?pageSize',
      ]),
    );
    expect(sweptNumbers.filter((s) => s.endsWith(' ?season')).length).toBeGreaterThanOrEqual(3);
    expect(sweptNumbers.length).toBeGreaterThan(25);
  });
});
