import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES, FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, memberWith, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import {
  farmBlocks,
  phenologyObservations,
  productionBlocks,
  scoutingSessions,
  tensiometerReadings,
  traps,
  waterApplied,
} from '../../db/schema/index';

const one = (path: string, id: number) => path.replace(':id', String(id));

describe('farm setup: farm blocks', () => {
  let t: TestApp;
  let w: HarvestWorld;
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (options: InjectOptions) => as(w.a.userId, w.a.organizationId, options);
  const reasons = (res: LightMyRequestResponse) => {
    const body = res.json() as { error: { reason: string; details?: { reason: string }[] } };
    return [body.error.reason, ...(body.error.details ?? []).map((d) => d.reason)];
  };
  const blockNamed = async (farmId: number, name: string) =>
    (await t.db.select().from(farmBlocks).where(and(eq(farmBlocks.farmId, farmId), eq(farmBlocks.name, name))))[0]!;
  const body = (extra: Record<string, unknown> = {}) => ({ farmId: w.farm.f2, name: 'D20', ha: 1.25, varietyId: w.variety.valencia, ...extra });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body(extra) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a farm block, lists blocks by farm, updates it, refuses a stale version and deletes it', async () => {
    const res = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: '  D7 ', daffCode: ' DAFF-D7 ' }) });
    expect(res.statusCode, res.body).toBe(201);
    const block = res.json();
    expect(block).toEqual({ id: expect.any(Number), farmId: w.farm.f2, name: 'D7', ha: 1.25, varietyId: w.variety.valencia, daffCode: 'DAFF-D7', version: 1 });
    const d1 = await blockNamed(w.farm.f2, 'D1');
    const list = (await asA({ method: 'GET', url: `${FARM_SETUP_PATHS.farmBlocks}?farmId=${w.farm.f2}` })).json() as { id: number }[];
    expect(list.map((b) => b.id)).toEqual([d1.id, block.id]);
    const all = (await asA({ method: 'GET', url: FARM_SETUP_PATHS.farmBlocks })).json() as { name: string }[];
    expect(all.map((b) => b.name).sort()).toEqual(['A1', 'A10', 'A2', 'C1', 'D1', 'D7']);

    const updated = await asA({
      method: 'PUT',
      url: one(FARM_SETUP_PATHS.farmBlock, block.id),
      payload: body({ name: 'D7 North', ha: 0.5, varietyId: w.variety.navel, daffCode: '  ', version: 1 }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id: block.id, farmId: w.farm.f2, name: 'D7 North', ha: 0.5, varietyId: w.variety.navel, daffCode: null, version: 2 });
    const staleRes = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, block.id), payload: body({ name: 'Lost edit', version: 1 }) });
    expect(staleRes.statusCode).toBe(412);
    expect(staleRes.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', message: FARM_SETUP_MESSAGES.stale, reason: 'farm-setup-stale' });
    expect(await blockNamed(w.farm.f2, 'D7 North')).toMatchObject({ version: 2, ha: 0.5 });

    expect((await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.farmBlock, block.id) })).statusCode).toBe(204);
    expect(await t.db.select().from(farmBlocks).where(eq(farmBlocks.id, block.id))).toEqual([]);
  });

  it('names are unique per farm, ignoring case and surrounding spaces (409)', async () => {
    const taken = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ farmId: w.farm.f1, name: ' a10 ' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.farmBlockNameTaken, reason: 'farm-block-name-taken' });
    // the same name on another farm is fine
    const elsewhere = await create({ name: 'A10' });
    const renamed = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, elsewhere.id), payload: body({ name: 'd1', version: 1 }) });
    expect(renamed.statusCode).toBe(409);
    expect(reasons(renamed)).toEqual(['farm-block-name-taken']);
    // keeping its own name is no clash
    const same = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, elsewhere.id), payload: body({ name: 'a10', version: 1 }) });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('validates name, hectares, DAFF code, farm and variety', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'farm-block-name-required'],
      [{ name: 'x'.repeat(101) }, 'farm-block-name-length'],
      [{ ha: 0 }, 'hectares-invalid'],
      [{ ha: 1.12345 }, 'hectares-invalid'],
      [{ daffCode: 'x'.repeat(21) }, 'daff-code-length'],
    ];
    for (const [extra, reason] of cases) {
      const res = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: 'V1', ...extra }) });
      expect(res.statusCode, reason).toBe(400);
      expect(reasons(res), reason).toContain(reason);
    }
    const messages = (await asA({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: '', ha: -1 }) })).json().error.details as { message: string }[];
    expect(messages.map((d) => d.message)).toEqual(expect.arrayContaining([FARM_SETUP_MESSAGES.farmBlockNameRequired, FARM_SETUP_MESSAGES.hectaresInvalid]));
    const edge = await create({ name: 'V2', ha: 0.0001, daffCode: 'x'.repeat(20) });
    expect((await t.db.select().from(farmBlocks).where(eq(farmBlocks.id, edge.id)))[0]).toMatchObject({ ha: 0.0001, daffCode: 'x'.repeat(20) });
    expect((await asA({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: 'V3', varietyId: 999_999 }) })).statusCode).toBe(404);
    expect((await asA({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: 'V3', farmId: 999_999 }) })).statusCode).toBe(404);
    expect(await t.db.select().from(farmBlocks).where(eq(farmBlocks.name, 'V3'))).toEqual([]);
  });

  describe('refuses to delete a farm block that data refers to (409 with the reason)', () => {
    const capture = () => ({ organizationId: w.a.organizationId, clientId: randomUUID(), capturedByUserId: w.a.userId });
    const kinds: [string, (farmBlockId: number) => Promise<unknown>][] = [
      [
        'a linked production block',
        (farmBlockId) => t.db.insert(productionBlocks).values({ organizationId: w.a.organizationId, pucId: w.puc.c1, code: `L${farmBlockId}`, varietyId: w.variety.navel, farmBlockId }),
      ],
      [
        'a scouting session',
        (farmBlockId) =>
          t.db.insert(scoutingSessions).values({
            organizationId: w.a.organizationId,
            farmBlockId,
            scoutUserId: w.a.userId,
            startedAt: new Date('2026-03-02T08:00:00+02:00'),
            endedAt: new Date('2026-03-02T09:00:00+02:00'),
          }),
      ],
      [
        'a trap',
        (farmBlockId) => t.db.insert(traps).values({ ...capture(), farmBlockId, trapType: 'delta', lure: 'codling', lat: -33.6, lng: 25.4, activeFrom: '2026-02-01' }),
      ],
      ['a tensiometer reading', (farmBlockId) => t.db.insert(tensiometerReadings).values({ ...capture(), farmBlockId, station: 'S1', depthCm: 30, kpa: 20, readOn: '2026-03-01' })],
      ['water applied', (farmBlockId) => t.db.insert(waterApplied).values({ ...capture(), farmBlockId, appliedOn: '2026-03-01', amount: 12, unit: 'mm' })],
      [
        'a phenology observation',
        (farmBlockId) => t.db.insert(phenologyObservations).values({ ...capture(), farmBlockId, observedOn: '2026-03-01', stage: 'flowering', percentOfTrees: 40 }),
      ],
    ];
    it.each(kinds)('%s', async (kind, refer) => {
      const block = await create({ name: `In use: ${kind}` });
      await refer(block.id);
      const refused = await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.farmBlock, block.id) });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'CONFLICT', message: FARM_SETUP_MESSAGES.farmBlockInUse, reason: 'farm-block-in-use' });
      expect(await t.db.select().from(farmBlocks).where(eq(farmBlocks.id, block.id))).toHaveLength(1);
    });
  });

  it('a farm block production blocks link to stays on its farm; an unlinked one may move', async () => {
    // A2 (farm F1) is linked from C10 B01
    const a2 = await blockNamed(w.farm.f1, 'A2');
    const moved = await asA({
      method: 'PUT',
      url: one(FARM_SETUP_PATHS.farmBlock, a2.id),
      payload: { farmId: w.farm.f2, name: 'A2', ha: 2, varietyId: w.variety.navel, daffCode: 'C10-02', version: a2.version },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.farmBlockLinkedElsewhere, reason: 'farm-block-linked-elsewhere' });
    expect(await blockNamed(w.farm.f1, 'A2')).toMatchObject({ farmId: w.farm.f1, version: a2.version });
    // renaming it on its farm is fine
    const renamed = await asA({
      method: 'PUT',
      url: one(FARM_SETUP_PATHS.farmBlock, a2.id),
      payload: { farmId: w.farm.f1, name: 'A2 East', ha: 2, varietyId: w.variety.navel, daffCode: 'C10-02', version: a2.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const loose = await create({ name: 'Loose', farmId: w.farm.f1 });
    const looseMoved = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, loose.id), payload: body({ name: 'Loose', farmId: w.farm.f2, version: 1 }) });
    expect(looseMoved.statusCode, looseMoved.body).toBe(200);
    expect(looseMoved.json()).toMatchObject({ farmId: w.farm.f2, version: 2 });
  });

  it("a production block's farm block link can be set and cleared, only to a block on its PUC's farm", async () => {
    const c1 = await blockNamed(w.farm.f1, 'C1');
    const d1 = await blockNamed(w.farm.f2, 'D1');
    const blockBody = { pucId: w.puc.c2, code: 'LNK', name: 'Link test', ha: 1, varietyId: w.variety.navel, plantingYear: null };
    const created = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: { ...blockBody, farmBlockId: c1.id } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ farmBlockId: c1.id, version: 1 });
    const id = created.json().id as number;
    const otherFarm = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.productionBlock, id), payload: { ...blockBody, farmBlockId: d1.id, version: 1 } });
    expect(otherFarm.statusCode).toBe(400);
    expect(reasons(otherFarm)).toContain('farm-block-other-farm');
    const cleared = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.productionBlock, id), payload: { ...blockBody, farmBlockId: null, version: 1 } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ farmBlockId: null, version: 2 });
    expect((await t.db.select().from(productionBlocks).where(eq(productionBlocks.id, id)))[0]!.farmBlockId).toBeNull();
  });

  describe('tenancy and farm assignments', () => {
    it("another organisation's farm blocks answer 404, its lists hold none of A's, and nothing changes", async () => {
      const a10 = await blockNamed(w.farm.f1, 'A10');
      const cases: [string, InjectOptions][] = [
        ['block on their farm', { method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: 'Sneaky' }) }],
        ['edit block', { method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, a10.id), payload: body({ farmId: w.farm.f1, name: 'Taken', version: a10.version }) }],
        ['delete block', { method: 'DELETE', url: one(FARM_SETUP_PATHS.farmBlock, a10.id) }],
      ];
      for (const [name, request] of cases) await runTenantCase(t, w, { name, request: () => request, expect: 'not-found' });
      for (const url of [FARM_SETUP_PATHS.farmBlocks, `${FARM_SETUP_PATHS.farmBlocks}?farmId=${w.farm.f1}`]) {
        const res = await runTenantCase(t, w, { name: `list ${url}`, request: () => ({ method: 'GET', url }), expect: 'no-leak' });
        expect(res.json(), url).toEqual([]);
      }
      expect(await blockNamed(w.farm.f1, 'A10')).toMatchObject({ id: a10.id, version: a10.version });
      expect(await t.db.select().from(farmBlocks).where(eq(farmBlocks.name, 'Sneaky'))).toEqual([]);
    });

    it("a user limited to farm F2 sees and edits only F2's farm blocks; F1's answer 404", async () => {
      const limited = await memberWith(t, w.a.organizationId, 'farm-blocks-f2-only', [PERMISSIONS.managementFarmSetup], [w.farm.f2]);
      const asLimited = (options: InjectOptions) => as(limited, w.a.organizationId, options);
      const listed = (await asLimited({ method: 'GET', url: FARM_SETUP_PATHS.farmBlocks })).json() as { farmId: number }[];
      expect(listed.length).toBeGreaterThan(0);
      expect(new Set(listed.map((b) => b.farmId))).toEqual(new Set([w.farm.f2]));
      expect((await asLimited({ method: 'GET', url: `${FARM_SETUP_PATHS.farmBlocks}?farmId=${w.farm.f1}` })).json()).toEqual([]);

      const a1 = await blockNamed(w.farm.f1, 'A1');
      const d1 = await blockNamed(w.farm.f2, 'D1');
      const hidden: InjectOptions[] = [
        { method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ farmId: w.farm.f1, name: 'Hidden' }) },
        { method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, a1.id), payload: body({ farmId: w.farm.f1, name: 'A1', version: a1.version }) },
        { method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, a1.id), payload: body({ farmId: w.farm.f2, name: 'Mine now', version: a1.version }) },
        { method: 'DELETE', url: one(FARM_SETUP_PATHS.farmBlock, a1.id) },
        // their own block may not move to a farm they are not assigned
        { method: 'PUT', url: one(FARM_SETUP_PATHS.farmBlock, d1.id), payload: body({ farmId: w.farm.f1, name: 'D1', version: d1.version }) },
      ];
      for (const request of hidden) {
        const res = await asLimited(request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(404);
      }
      expect(await blockNamed(w.farm.f1, 'A1')).toMatchObject({ version: a1.version, farmId: w.farm.f1 });
      expect(await blockNamed(w.farm.f2, 'D1')).toMatchObject({ version: d1.version });

      const mine = await asLimited({ method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: 'F2 only' }) });
      expect(mine.statusCode, mine.body).toBe(201);
      expect((await asLimited({ method: 'DELETE', url: one(FARM_SETUP_PATHS.farmBlock, mine.json().id) })).statusCode).toBe(204);
    });

    it('a member without management.farmSetup is refused (403)', async () => {
      const viewer = await memberWith(t, w.a.organizationId, 'farm-blocks-none', [PERMISSIONS.harvestReports], [w.farm.f1, w.farm.f2]);
      const d1 = await blockNamed(w.farm.f2, 'D1');
      for (const request of [
        { method: 'GET', url: FARM_SETUP_PATHS.farmBlocks },
        { method: 'POST', url: FARM_SETUP_PATHS.farmBlocks, payload: body({ name: 'Nope' }) },
        { method: 'DELETE', url: one(FARM_SETUP_PATHS.farmBlock, d1.id) },
      ] as InjectOptions[]) {
        const res = await as(viewer, w.a.organizationId, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      }
    });
  });
});
