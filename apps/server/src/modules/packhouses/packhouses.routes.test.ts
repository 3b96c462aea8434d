import { PERMISSIONS } from '@orchard/shared/core';
import { PACKHOUSE_MESSAGES, PACKHOUSE_NAME_MAX, PACKHOUSE_SHORTNAME_MAX, PACKHOUSES_PATHS } from '@orchard/shared/packhouses';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { organizationPackhouses, packhouseNameKey, packhouses } from '../../db/schema/index';
import { createMemberWith, createPickingWorld, type PickingWorld } from '../../../test/helpers/picking-world';

const onePath = (id: number) => PACKHOUSES_PATHS.one.replace(':id', String(id));

describe('packhouse management', () => {
  let t: TestApp;
  let w: PickingWorld;
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (options: InjectOptions) => as(w.a.userId, w.a.organizationId, options);
  const listA = async () => (await asA({ method: 'GET', url: PACKHOUSES_PATHS.list })).json() as { id: number; name: string; shortname: string | null; owned: boolean }[];
  const suggestA = async (query: string) => asA({ method: 'GET', url: `${PACKHOUSES_PATHS.suggestions}?query=${encodeURIComponent(query)}` });
  const linksOf = async (organizationId: number) =>
    (await t.db.select().from(organizationPackhouses).where(eq(organizationPackhouses.organizationId, organizationId))).map((l) => l.packhouseId).sort();

  beforeAll(async () => {
    t = await createTestApp();
    w = await createPickingWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the organisation's packhouses (linked or owned) with id, name and shortname", async () => {
    expect(await listA()).toEqual([
      { id: w.ph.ph1, name: 'PH1 Kirkwood', shortname: 'KWD', owned: false },
      { id: w.ph.ph2, name: 'PH2 Addo', shortname: 'ADO', owned: false },
    ]);
    const p = (await as(w.p.userId, w.p.organizationId, { method: 'GET', url: PACKHOUSES_PATHS.list })).json();
    expect(p.map((x: { id: number; owned: boolean }) => [x.id, x.owned])).toEqual([
      [w.ph.ph1, true],
      [w.ph.ph2, true],
    ]);
  });

  it('suggests existing packhouses by name, case-insensitively, leaving out those already in the list', async () => {
    const res = await suggestA('ph');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ id: w.ph.ph3, name: 'PH3 Patensie', shortname: 'PAT' }]);
    expect((await suggestA('KIRK')).json()).toEqual([]);
    expect((await suggestA('%')).json()).toEqual([]);
    expect((await suggestA('')).statusCode).toBe(400);
    expect((await suggestA('x'.repeat(201))).statusCode).toBe(400);
  });

  it('answers at most 20 suggestions', async () => {
    await t.db.insert(packhouses).values(Array.from({ length: 25 }, (_, i) => ({ name: `Zulu Packhouse ${String(i).padStart(2, '0')}` })));
    const res = await suggestA('zulu');
    expect(res.json()).toHaveLength(20);
  });

  it('links an existing packhouse by id (short name ignored), and refuses linking it twice', async () => {
    const res = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { id: w.ph.ph3, name: 'ignored', shortname: 'IGN' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: w.ph.ph3, name: 'PH3 Patensie', shortname: 'PAT', owned: false });
    expect((await listA()).map((p) => p.id)).toContain(w.ph.ph3);
    expect((await suggestA('ph')).json()).toEqual([]);
    const again = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { id: w.ph.ph3 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PACKHOUSE_MESSAGES.alreadyLinked);
    expect((await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { id: 999_999 } })).statusCode).toBe(404);
  });

  it('creates a new packhouse that the organisation runs', async () => {
    const res = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: '  Citrusdal Packers ', shortname: 'CDP' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), name: 'Citrusdal Packers', shortname: 'CDP', owned: true });
    const [row] = await t.db.select().from(packhouses).where(eq(packhouses.id, created.id));
    expect(row).toMatchObject({ ownerOrganizationId: w.a.organizationId, shortName: 'CDP' });
    expect(await linksOf(w.a.organizationId)).toContain(created.id);
    const noShort = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: 'Clanwilliam Packers' } });
    expect(noShort.json()).toMatchObject({ shortname: null, owned: true });
  });

  it('refuses a name or short name over its maximum with the rule\'s message; nothing is created', async () => {
    const longName = 'N'.repeat(PACKHOUSE_NAME_MAX + 1);
    const name = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: longName } });
    expect(name.statusCode).toBe(400);
    expect(name.json().error.details).toEqual([{ field: 'name', message: PACKHOUSE_MESSAGES.nameLength, reason: 'packhouse-name-too-long' }]);
    const short = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: 'Short Name Packers', shortname: 'S'.repeat(PACKHOUSE_SHORTNAME_MAX + 1) } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual([{ field: 'shortname', message: PACKHOUSE_MESSAGES.shortnameLength, reason: 'packhouse-shortname-too-long' }]);
    expect(await t.db.select().from(packhouses).where(eq(packhouses.name, 'Short Name Packers'))).toHaveLength(0);
  });

  it('refuses a name already taken, ignoring case and spacing, whoever runs it, with 409', async () => {
    const count = async () => (await t.db.select({ id: packhouses.id }).from(packhouses)).length;
    const before = await count();
    // A's own, another organisation's, and one nobody runs; around the name and inside it
    for (const name of ['citrusdal PACKERS', '  Ph1 kirkwood  ', 'PH3 PATENSIE', '\tph2 addo\n', 'Citrusdal  Packers', 'PH1 \t Kirkwood', ' ph3   patensie ']) {
      const res = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name, shortname: 'DUP' } });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
      // the screen shows the message under the name and in its toast
      expect(res.json().error).toEqual({ code: 'CONFLICT', message: PACKHOUSE_MESSAGES.nameTaken, reason: 'packhouse-name-taken' });
    }
    expect(await count()).toBe(before);
    // a name that only contains a taken one is a different name
    expect((await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: 'Citrusdal Packers North' } })).statusCode).toBe(201);
  });

  it('keeps the name as typed, inner spacing too: only the comparison ignores it', async () => {
    const res = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: 'Sundays  River   Packers' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Sundays  River   Packers' });
    const [row] = await t.db.select({ name: packhouses.name }).from(packhouses).where(eq(packhouses.id, res.json().id));
    expect(row!.name).toBe('Sundays  River   Packers');
    const again = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: 'Sundays River Packers' } });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(PACKHOUSE_MESSAGES.nameTaken);
  });

  it('50 simultaneous creates of one name (in any case and spacing): exactly one 201, 49 409, one packhouse', async () => {
    const spellings = ['Parallel Packers', 'parallel packers', ' PARALLEL PACKERS ', 'Parallel Packers  ', 'Parallel   packers', 'PARALLEL\tPACKERS'];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: spellings[i % spellings.length] } })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.message).toBe(PACKHOUSE_MESSAGES.nameTaken);
    const rows = await t.db.select().from(packhouses).where(sql`${packhouseNameKey(packhouses.name)} = 'parallel packers'`);
    expect(rows).toHaveLength(1);
    // the one created is linked once, and listed
    expect((await linksOf(w.a.organizationId)).filter((id) => id === rows[0]!.id)).toHaveLength(1);
    expect((await listA()).filter((p) => p.id === rows[0]!.id)).toHaveLength(1);
  });

  it('the database itself refuses renaming a packhouse to a taken name, in any case and spacing', async () => {
    const rename = (name: string) => t.db.update(packhouses).set({ name }).where(eq(packhouses.id, w.ph.ph1));
    for (const taken of [' ph2 ADDO ', 'PH2  Addo', 'ph2\taddo', ' PH2 \n ADDO ']) await expect(rename(taken), taken).rejects.toThrow();
    const [row] = await t.db.select({ name: packhouses.name }).from(packhouses).where(eq(packhouses.id, w.ph.ph1));
    expect(row!.name).toBe('PH1 Kirkwood');
    // its own name in another case or spacing is no clash, and is kept as given
    await rename('PH1  KIRKWOOD');
    const [renamed] = await t.db.select({ name: packhouses.name }).from(packhouses).where(eq(packhouses.id, w.ph.ph1));
    expect(renamed!.name).toBe('PH1  KIRKWOOD');
    await rename('PH1 Kirkwood');
  });

  it.each([
    ['no name', {}],
    ['blank name', { name: '   ' }],
    ['name of 201 characters', { name: 'n'.repeat(201) }],
    ['short name of 51 characters', { name: 'Ok', shortname: 's'.repeat(51) }],
  ])('refuses %s with 400', async (_label, payload) => {
    const res = await asA({ method: 'POST', url: PACKHOUSES_PATHS.list, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('removes (unlinks) a packhouse, refusing while picking rows use it and for one the organisation runs', async () => {
    expect((await asA({ method: 'DELETE', url: onePath(w.ph.ph3) })).statusCode).toBe(204);
    expect(await linksOf(w.a.organizationId)).not.toContain(w.ph.ph3);
    expect((await t.db.select().from(packhouses).where(eq(packhouses.id, w.ph.ph3))).length).toBe(1);
    expect((await asA({ method: 'DELETE', url: onePath(w.ph.ph3) })).statusCode).toBe(404);

    const inUse = await asA({ method: 'DELETE', url: onePath(w.ph.ph1) });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe(PACKHOUSE_MESSAGES.inUse);
    expect(await linksOf(w.a.organizationId)).toContain(w.ph.ph1);

    const owned = (await listA()).find((p) => p.owned)!;
    const refused = await asA({ method: 'DELETE', url: onePath(owned.id) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PACKHOUSE_MESSAGES.owned);
  });

  it('needs management.packhouses', async () => {
    const viewer = await createMemberWith(t, w.a.organizationId, 'ph-viewer', [PERMISSIONS.pickingView]);
    for (const options of [
      { method: 'GET', url: PACKHOUSES_PATHS.list },
      { method: 'GET', url: `${PACKHOUSES_PATHS.suggestions}?query=p` },
      { method: 'POST', url: PACKHOUSES_PATHS.list, payload: { name: 'X' } },
      { method: 'DELETE', url: onePath(w.ph.ph2) },
    ] as InjectOptions[]) {
      expect((await as(viewer, w.a.organizationId, options)).statusCode, `${options.method} ${options.url}`).toBe(403);
    }
  });

  describe("tenant matrix: B's member against A's packhouses", () => {
    it("cannot remove a packhouse only A links or runs (404), A's links unchanged", async () => {
      const owned = (await listA()).find((p) => p.owned)!;
      const before = await linksOf(w.a.organizationId);
      for (const id of [owned.id, w.ph.ph2]) {
        await runTenantCase(t, w, {
          name: `delete packhouse ${id}`,
          request: () => ({ method: 'DELETE', url: onePath(id) }),
          expect: 'not-found',
          unchanged: async () => {
            expect(await linksOf(w.a.organizationId)).toEqual(before);
          },
        });
      }
    });

    it("B's list and suggestions carry no A data; removing PH1 from B leaves A's link", async () => {
      await runTenantCase(t, w, { name: 'list', request: () => ({ method: 'GET', url: PACKHOUSES_PATHS.list }), expect: 'no-leak' });
      await runTenantCase(t, w, { name: 'suggest', request: () => ({ method: 'GET', url: `${PACKHOUSES_PATHS.suggestions}?query=a` }), expect: 'no-leak' });
      const res = await as(w.b.userId, w.b.organizationId, { method: 'DELETE', url: onePath(w.ph.ph1) });
      // B has a picking row addressed to PH1
      expect(res.statusCode).toBe(409);
      const aLink = await t.db
        .select()
        .from(organizationPackhouses)
        .where(and(eq(organizationPackhouses.organizationId, w.a.organizationId), eq(organizationPackhouses.packhouseId, w.ph.ph1)));
      expect(aLink).toHaveLength(1);
    });
  });
});
