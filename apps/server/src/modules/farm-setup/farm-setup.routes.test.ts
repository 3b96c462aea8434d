import { PERMISSIONS } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES, FARM_SETUP_PATHS, plantingYearMessage } from '@orchard/shared/farm-setup';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, memberWith, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { fixedClock } from '../../../test/helpers/picking-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { farmBlocks, farms, legalEntities, productionBlocks, pucs, userFarms, varieties } from '../../db/schema/index';

const one = (path: string, id: number) => path.replace(':id', String(id));
/** The app's clock: 2026, so 2026 is the latest planting year. */
const NOW = new Date('2026-03-11T08:00:00+02:00');

describe('farm setup', () => {
  let t: TestApp;
  let w: HarvestWorld;
  let entityA: number;
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (options: InjectOptions) => as(w.a.userId, w.a.organizationId, options);
  const reasons = (res: LightMyRequestResponse) => {
    const body = res.json() as { error: { reason: string; details?: { reason: string }[] } };
    return [body.error.reason, ...(body.error.details ?? []).map((d) => d.reason)];
  };
  const versionOf = async (table: typeof farms | typeof pucs | typeof legalEntities | typeof productionBlocks, id: number) =>
    (await t.db.select({ version: table.version }).from(table).where(eq(table.id, id)))[0]!.version;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock(NOW) });
    w = await createHarvestWorld(t);
    entityA = (await t.db.select().from(farms).where(eq(farms.id, w.farm.f1)))[0]!.legalEntityId;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('legal entities', () => {
    it('creates, lists, updates with the current version and refuses a stale one', async () => {
      const created = await asA({ method: 'POST', url: FARM_SETUP_PATHS.legalEntities, payload: { name: '  Kransvlei Boerdery (Pty) Ltd ' } });
      expect(created.statusCode, created.body).toBe(201);
      const entity = created.json();
      expect(entity).toEqual({ id: expect.any(Number), name: 'Kransvlei Boerdery (Pty) Ltd', version: 1 });
      const list = (await asA({ method: 'GET', url: FARM_SETUP_PATHS.legalEntities })).json() as { id: number }[];
      expect(list.map((e) => e.id)).toEqual(expect.arrayContaining([entityA, entity.id]));

      const updated = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.legalEntity, entity.id), payload: { name: 'Kransvlei Trust', version: 1 } });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toEqual({ id: entity.id, name: 'Kransvlei Trust', version: 2 });
      const staleRes = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.legalEntity, entity.id), payload: { name: 'Lost edit', version: 1 } });
      expect(staleRes.statusCode).toBe(412);
      expect(staleRes.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', message: FARM_SETUP_MESSAGES.stale, reason: 'farm-setup-stale' });
      expect(await versionOf(legalEntities, entity.id)).toBe(2);
    });

    it('validates the name', async () => {
      const empty = await asA({ method: 'POST', url: FARM_SETUP_PATHS.legalEntities, payload: { name: '  ' } });
      expect(empty.statusCode).toBe(400);
      expect(reasons(empty)).toContain('legal-entity-name-required');
      const long = await asA({ method: 'POST', url: FARM_SETUP_PATHS.legalEntities, payload: { name: 'x'.repeat(101) } });
      expect(long.statusCode).toBe(400);
      expect(reasons(long)).toContain('legal-entity-name-length');
    });

    it('refuses to delete an entity that farms belong to (409 with the reason), deletes an unused one', async () => {
      const refused = await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.legalEntity, entityA) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.legalEntityInUse, reason: 'legal-entity-in-use' });
      const spare = (await asA({ method: 'POST', url: FARM_SETUP_PATHS.legalEntities, payload: { name: 'Spare Entity' } })).json();
      expect((await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.legalEntity, spare.id) })).statusCode).toBe(204);
      expect(await t.db.select().from(legalEntities).where(eq(legalEntities.id, spare.id))).toEqual([]);
    });
  });

  describe('farms', () => {
    it('creates a farm (assigned to its creator), lists it, updates it and refuses a stale version', async () => {
      const res = await asA({
        method: 'POST',
        url: FARM_SETUP_PATHS.farms,
        payload: { farmName: 'Goedehoop', legalEntityId: entityA, lat: -32.52, lng: 19.01 },
      });
      expect(res.statusCode, res.body).toBe(201);
      const farm = res.json();
      expect(farm).toEqual({ id: expect.any(Number), farmName: 'Goedehoop', legalEntityId: entityA, areaId: null, regionId: null, provinceId: null, lat: -32.52, lng: 19.01, version: 1 });
      expect(await t.db.select().from(userFarms).where(eq(userFarms.farmId, farm.id))).toEqual([
        { userId: w.a.userId, farmId: farm.id, organizationId: w.a.organizationId },
      ]);
      expect(((await asA({ method: 'GET', url: FARM_SETUP_PATHS.farms })).json() as { id: number }[]).map((f) => f.id)).toContain(farm.id);

      const taken = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farms, payload: { farmName: ' goedehoop ', legalEntityId: entityA } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.reason).toBe('farm-name-taken');

      const updated = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.farm, farm.id), payload: { farmName: 'Goedehoop Oos', legalEntityId: entityA, version: 1 } });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ farmName: 'Goedehoop Oos', lat: null, version: 2 });
      const staleRes = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.farm, farm.id), payload: { farmName: 'Lost', legalEntityId: entityA, version: 1 } });
      expect(staleRes.statusCode).toBe(412);
      expect(staleRes.json().error.reason).toBe('farm-setup-stale');

      expect((await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.farm, farm.id) })).statusCode).toBe(204);
      expect(await t.db.select().from(farms).where(eq(farms.id, farm.id))).toEqual([]);
    });

    it('validates name, coordinates and references', async () => {
      const empty = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farms, payload: { farmName: '', legalEntityId: entityA } });
      expect(reasons(empty)).toContain('farm-name-required');
      const lat = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farms, payload: { farmName: 'X', legalEntityId: entityA, lat: 91 } });
      expect(lat.statusCode).toBe(400);
      expect(reasons(lat)).toContain('latitude-range');
      const area = await asA({ method: 'POST', url: FARM_SETUP_PATHS.farms, payload: { farmName: 'X', legalEntityId: entityA, areaId: 999_999 } });
      expect(area.statusCode).toBe(404);
    });

    it('refuses to delete a farm with PUCs or farm blocks (409 with the reason)', async () => {
      const refused = await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.farm, w.farm.f1) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.farmInUse, reason: 'farm-in-use' });
      expect(await t.db.select().from(farms).where(eq(farms.id, w.farm.f1))).toHaveLength(1);
    });
  });

  describe('PUCs', () => {
    it('creates, lists by farm, updates, refuses a stale version and a taken name, deletes an unused one', async () => {
      const res = await asA({ method: 'POST', url: FARM_SETUP_PATHS.pucs, payload: { farmId: w.farm.f2, pucName: 'C77' } });
      expect(res.statusCode, res.body).toBe(201);
      const puc = res.json();
      expect(puc).toEqual({ id: expect.any(Number), farmId: w.farm.f2, pucName: 'C77', version: 1 });
      const list = (await asA({ method: 'GET', url: `${FARM_SETUP_PATHS.pucs}?farmId=${w.farm.f2}` })).json() as { id: number }[];
      expect(list.map((p) => p.id)).toEqual([w.puc.c1, puc.id]);

      const taken = await asA({ method: 'POST', url: FARM_SETUP_PATHS.pucs, payload: { farmId: w.farm.f2, pucName: 'c10' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.pucNameTaken, reason: 'puc-name-taken' });
      const long = await asA({ method: 'POST', url: FARM_SETUP_PATHS.pucs, payload: { farmId: w.farm.f2, pucName: 'x'.repeat(21) } });
      expect(reasons(long)).toContain('puc-name-length');

      const updated = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.puc, puc.id), payload: { farmId: w.farm.f1, pucName: 'C78', version: 1 } });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toEqual({ id: puc.id, farmId: w.farm.f1, pucName: 'C78', version: 2 });
      const staleRes = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.puc, puc.id), payload: { farmId: w.farm.f1, pucName: 'C79', version: 1 } });
      expect(staleRes.statusCode).toBe(412);
      expect(await versionOf(pucs, puc.id)).toBe(2);

      expect((await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.puc, puc.id) })).statusCode).toBe(204);
    });

    it('refuses to delete a PUC with production blocks (409 with the reason)', async () => {
      const refused = await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.puc, w.puc.c10) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.pucInUse, reason: 'puc-in-use' });
    });
  });

  describe('production blocks', () => {
    const body = (extra: Record<string, unknown> = {}) => ({ pucId: w.puc.c2, code: 'B20', name: 'Block 20', ha: 2.5, varietyId: w.variety.navel, plantingYear: 2015, ...extra });

    it('creates, lists by PUC, updates, refuses a stale version and a taken code, deletes one nothing refers to', async () => {
      const res = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body() });
      expect(res.statusCode, res.body).toBe(201);
      const block = res.json();
      expect(block).toEqual({ id: expect.any(Number), pucId: w.puc.c2, code: 'B20', name: 'Block 20', ha: 2.5, varietyId: w.variety.navel, plantingYear: 2015, farmBlockId: null, version: 1 });
      const list = (await asA({ method: 'GET', url: `${FARM_SETUP_PATHS.productionBlocks}?pucId=${w.puc.c2}` })).json() as { id: number }[];
      expect(list.map((b) => b.id)).toEqual([w.block.c2b01, block.id]);

      const taken = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: 'b01' }) });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.blockCodeTaken, reason: 'block-code-taken' });
      // the same code under another PUC is fine
      const elsewhere = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ pucId: w.puc.c10, code: 'B20' }) });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);

      const [farmBlock] = await t.db.select().from(farmBlocks).where(eq(farmBlocks.name, 'C1'));
      const updated = await asA({
        method: 'PUT',
        url: one(FARM_SETUP_PATHS.productionBlock, block.id),
        payload: body({ name: 'Block 20 East', ha: 2.1234, farmBlockId: farmBlock!.id, version: 1 }),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ name: 'Block 20 East', ha: 2.1234, farmBlockId: farmBlock!.id, version: 2 });
      const staleRes = await asA({ method: 'PUT', url: one(FARM_SETUP_PATHS.productionBlock, block.id), payload: body({ version: 1 }) });
      expect(staleRes.statusCode).toBe(412);
      expect(staleRes.json().error.reason).toBe('farm-setup-stale');
      expect(await versionOf(productionBlocks, block.id)).toBe(2);

      expect((await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.productionBlock, block.id) })).statusCode).toBe(204);
      // B03 has neither bins nor estimates
      expect((await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.productionBlock, w.block.c10b03) })).statusCode).toBe(204);
    });

    it('validates hectares, planting year (the app clock: 2026), name, variety and the farm block link', async () => {
      for (const ha of [0, -1, 1.12345]) {
        const res = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: 'V1', ha }) });
        expect(res.statusCode, `ha ${ha}`).toBe(400);
        expect(reasons(res)).toContain('hectares-invalid');
      }
      for (const plantingYear of [1899, 2027]) {
        const res = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: 'V1', plantingYear }) });
        expect(res.statusCode, `year ${plantingYear}`).toBe(400);
        expect(res.json().error).toMatchObject({ message: plantingYearMessage(2026), reason: 'planting-year-range' });
      }
      const edge = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: 'V2', plantingYear: 2026, ha: 0.0001 }) });
      expect(edge.statusCode, edge.body).toBe(201);
      const noName = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: 'V1', name: ' ' }) });
      expect(reasons(noName)).toContain('block-name-required');
      const noCode = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: '' }) });
      expect(reasons(noCode)).toContain('block-code-required');
      expect((await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: 'V1', varietyId: 999_999 }) })).statusCode).toBe(404);
      // D1 lies on farm F2, the PUC C2 on F1
      const [d1] = await t.db.select().from(farmBlocks).where(eq(farmBlocks.name, 'D1'));
      const otherFarm = await asA({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: body({ code: 'V1', farmBlockId: d1!.id }) });
      expect(otherFarm.statusCode).toBe(400);
      expect(otherFarm.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.farmBlockOtherFarm, reason: 'farm-block-other-farm' });
    });

    it('refuses to delete a block that bins or estimates refer to (409 with the reason)', async () => {
      const refused = await asA({ method: 'DELETE', url: one(FARM_SETUP_PATHS.productionBlock, w.block.c10b01) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.blockInUse, reason: 'production-block-in-use' });
      expect(await t.db.select().from(productionBlocks).where(eq(productionBlocks.id, w.block.c10b01))).toHaveLength(1);
    });
  });

  describe('varieties', () => {
    it('lists the shared varieties and adds one; a taken name answers 409', async () => {
      const created = await asA({ method: 'POST', url: FARM_SETUP_PATHS.varieties, payload: { varietyName: 'Nadorcott', commodity: 'Soft Citrus' } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toEqual({ id: expect.any(Number), varietyName: 'Nadorcott', commodity: 'Soft Citrus' });
      const list = (await asA({ method: 'GET', url: FARM_SETUP_PATHS.varieties })).json() as { varietyName: string }[];
      expect(list.map((v) => v.varietyName)).toEqual(['Nadorcott', 'Navel', 'Valencia']);
      const taken = await asA({ method: 'POST', url: FARM_SETUP_PATHS.varieties, payload: { varietyName: ' navel ', commodity: 'Oranges' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.reason).toBe('variety-name-taken');
      expect(reasons(await asA({ method: 'POST', url: FARM_SETUP_PATHS.varieties, payload: { varietyName: 'Eureka', commodity: '' } }))).toContain('commodity-required');
    });

    it('a variety names a commodity of the list exactly; anything else answers 400 and saves nothing', async () => {
      for (const commodity of ['Avocados', 'oranges', 'Orange']) {
        const refused = await asA({ method: 'POST', url: FARM_SETUP_PATHS.varieties, payload: { varietyName: 'Hass', commodity } });
        expect(refused.statusCode, commodity).toBe(400);
        expect(reasons(refused), commodity).toContain('commodity-unknown');
      }
      expect(await t.db.select().from(varieties).where(eq(varieties.varietyName, 'Hass'))).toEqual([]);
    });
  });

  describe('commodities', () => {
    it('lists the shared commodities with their variety counts and adds one; a taken name answers 409', async () => {
      const before = (await asA({ method: 'GET', url: FARM_SETUP_PATHS.commodities })).json() as { name: string; varietyCount: number }[];
      expect(before).toEqual([
        { id: expect.any(Number), name: 'Grapefruit', varietyCount: 0 },
        { id: expect.any(Number), name: 'Lemons', varietyCount: 0 },
        { id: expect.any(Number), name: 'Oranges', varietyCount: 2 },
        { id: expect.any(Number), name: 'Soft Citrus', varietyCount: 1 },
      ]);
      const created = await asA({ method: 'POST', url: FARM_SETUP_PATHS.commodities, payload: { name: ' Avocados ' } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toEqual({ id: expect.any(Number), name: 'Avocados', varietyCount: 0 });
      const variety = await asA({ method: 'POST', url: FARM_SETUP_PATHS.varieties, payload: { varietyName: 'Hass', commodity: 'Avocados' } });
      expect(variety.statusCode, variety.body).toBe(201);
      const after = (await asA({ method: 'GET', url: FARM_SETUP_PATHS.commodities })).json() as { name: string; varietyCount: number }[];
      expect(after.find((c) => c.name === 'Avocados')?.varietyCount).toBe(1);
      for (const name of ['avocados', ' ORANGES ']) {
        const taken = await asA({ method: 'POST', url: FARM_SETUP_PATHS.commodities, payload: { name } });
        expect(taken.statusCode, name).toBe(409);
        expect(taken.json().error.reason).toBe('commodity-name-taken');
      }
      expect(reasons(await asA({ method: 'POST', url: FARM_SETUP_PATHS.commodities, payload: { name: '  ' } }))).toContain('commodity-required');
      expect(reasons(await asA({ method: 'POST', url: FARM_SETUP_PATHS.commodities, payload: { name: 'x'.repeat(51) } }))).toContain('commodity-length');
    });
  });

  describe('tenancy and farm assignments', () => {
    it("another organisation's legal entities, farms, PUCs and blocks answer 404 and stay unchanged", async () => {
      const cases: [string, InjectOptions][] = [
        ['edit entity', { method: 'PUT', url: one(FARM_SETUP_PATHS.legalEntity, entityA), payload: { name: 'Taken over', version: 1 } }],
        ['delete entity', { method: 'DELETE', url: one(FARM_SETUP_PATHS.legalEntity, entityA) }],
        ['edit farm', { method: 'PUT', url: one(FARM_SETUP_PATHS.farm, w.farm.f2), payload: { farmName: 'Taken', legalEntityId: entityA, version: 1 } }],
        ['delete farm', { method: 'DELETE', url: one(FARM_SETUP_PATHS.farm, w.farm.f2) }],
        ['farm under their entity', { method: 'POST', url: FARM_SETUP_PATHS.farms, payload: { farmName: 'Sneaky', legalEntityId: entityA } }],
        ['PUC on their farm', { method: 'POST', url: FARM_SETUP_PATHS.pucs, payload: { farmId: w.farm.f2, pucName: 'SNEAK' } }],
        ['edit PUC', { method: 'PUT', url: one(FARM_SETUP_PATHS.puc, w.puc.c1), payload: { farmId: w.farm.f2, pucName: 'X1', version: 1 } }],
        ['delete PUC', { method: 'DELETE', url: one(FARM_SETUP_PATHS.puc, w.puc.c1) }],
        ['block under their PUC', { method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: { pucId: w.puc.c1, code: 'S1', name: 'S', ha: 1, varietyId: w.variety.navel } }],
        ['edit block', { method: 'PUT', url: one(FARM_SETUP_PATHS.productionBlock, w.block.c1b01), payload: { pucId: w.puc.c1, code: 'S1', name: 'S', ha: 1, varietyId: w.variety.navel, version: 1 } }],
        ['delete block', { method: 'DELETE', url: one(FARM_SETUP_PATHS.productionBlock, w.block.c1b01) }],
      ];
      for (const [name, request] of cases) await runTenantCase(t, w, { name, request: () => request, expect: 'not-found' });
      for (const url of [FARM_SETUP_PATHS.legalEntities, FARM_SETUP_PATHS.farms, FARM_SETUP_PATHS.pucs, FARM_SETUP_PATHS.productionBlocks]) {
        const res = await runTenantCase(t, w, { name: `list ${url}`, request: () => ({ method: 'GET', url }), expect: 'no-leak' });
        expect(res.json(), url).toEqual([]);
      }
      expect((await t.db.select().from(farms).where(eq(farms.id, w.farm.f2)))[0]).toMatchObject({ farmName: 'Aardvark', version: 1 });
      expect(await t.db.select().from(pucs).where(eq(pucs.id, w.puc.c1))).toHaveLength(1);
      expect(await t.db.select().from(productionBlocks).where(eq(productionBlocks.id, w.block.c1b01))).toHaveLength(1);
    });

    it("a user limited to farm F2 sees and edits only F2's PUCs and blocks; F1's answer 404", async () => {
      const limited = await memberWith(t, w.a.organizationId, 'setup-f2-only', [PERMISSIONS.managementFarmSetup], [w.farm.f2]);
      const asLimited = (options: InjectOptions) => as(limited, w.a.organizationId, options);
      const ids = async (url: string) => ((await asLimited({ method: 'GET', url })).json() as { id: number }[]).map((r) => r.id);
      expect(await ids(FARM_SETUP_PATHS.farms)).toEqual([w.farm.f2]);
      expect(await ids(FARM_SETUP_PATHS.pucs)).toEqual([w.puc.c1]);
      expect(await ids(FARM_SETUP_PATHS.productionBlocks)).toEqual([w.block.c1b01]);
      expect(await ids(`${FARM_SETUP_PATHS.pucs}?farmId=${w.farm.f1}`)).toEqual([]);

      const f1Version = await versionOf(farms, w.farm.f1);
      const c10Version = await versionOf(pucs, w.puc.c10);
      const hidden: InjectOptions[] = [
        { method: 'PUT', url: one(FARM_SETUP_PATHS.farm, w.farm.f1), payload: { farmName: 'Mine now', legalEntityId: entityA, version: f1Version } },
        { method: 'DELETE', url: one(FARM_SETUP_PATHS.farm, w.farm.f1) },
        { method: 'POST', url: FARM_SETUP_PATHS.pucs, payload: { farmId: w.farm.f1, pucName: 'NEW1' } },
        { method: 'PUT', url: one(FARM_SETUP_PATHS.puc, w.puc.c10), payload: { farmId: w.farm.f2, pucName: 'C10', version: c10Version } },
        { method: 'PUT', url: one(FARM_SETUP_PATHS.puc, w.puc.c1), payload: { farmId: w.farm.f1, pucName: 'C1', version: await versionOf(pucs, w.puc.c1) } },
        { method: 'DELETE', url: one(FARM_SETUP_PATHS.puc, w.puc.c2) },
        { method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: { pucId: w.puc.c10, code: 'N1', name: 'N', ha: 1, varietyId: w.variety.navel } },
        { method: 'DELETE', url: one(FARM_SETUP_PATHS.productionBlock, w.block.c10u01) },
      ];
      for (const request of hidden) {
        const res = await asLimited(request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(404);
      }
      expect(await versionOf(farms, w.farm.f1)).toBe(f1Version);
      expect((await t.db.select().from(pucs).where(eq(pucs.id, w.puc.c10)))[0]).toMatchObject({ farmId: w.farm.f1, version: c10Version });

      // on F2 they work as usual
      const block = await asLimited({ method: 'POST', url: FARM_SETUP_PATHS.productionBlocks, payload: { pucId: w.puc.c1, code: 'F2A', name: 'F2 A', ha: 1, varietyId: w.variety.valencia } });
      expect(block.statusCode, block.body).toBe(201);
      expect((await asLimited({ method: 'DELETE', url: one(FARM_SETUP_PATHS.productionBlock, block.json().id) })).statusCode).toBe(204);
    });

    it('a member without management.farmSetup is refused (403)', async () => {
      const viewer = await memberWith(t, w.a.organizationId, 'setup-none', [PERMISSIONS.harvestReports], [w.farm.f1, w.farm.f2]);
      for (const request of [
        { method: 'GET', url: FARM_SETUP_PATHS.farms },
        { method: 'POST', url: FARM_SETUP_PATHS.pucs, payload: { farmId: w.farm.f1, pucName: 'NOPE' } },
        { method: 'DELETE', url: one(FARM_SETUP_PATHS.productionBlock, w.block.c10u01) },
      ] as InjectOptions[]) {
        const res = await as(viewer, w.a.organizationId, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    });
  });
});
