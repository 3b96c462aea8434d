/**
 * The lookups answer within the caller's organisation and farm assignments, filtered by "contains,
 * ignoring case", with the published field names; a member with no farm there gets empty lists, and
 * another organisation's context answers 404.
 */
import { LOOKUP_LIMIT, LOOKUP_PATHS } from '@orchard/shared/lookups';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, memberWith, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { assignFarms } from '../../../test/helpers/fixtures';
import { farms } from '../../db/schema/index';

describe('lookups', () => {
  let t: TestApp;
  let w: HarvestWorld;
  let f2Only: number;
  let noFarms: number;
  const get = async (userId: number, organizationId: number, url: string) =>
    t.app.inject({ method: 'GET', url, headers: await t.headersFor(userId, organizationId) } satisfies InjectOptions);
  const asA = async (url: string) => {
    const res = await get(w.a.userId, w.a.organizationId, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
    f2Only = await memberWith(t, w.a.organizationId, 'lookup-f2', [], [w.farm.f2]);
    noFarms = await memberWith(t, w.a.organizationId, 'lookup-none', []);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the caller's farms, PUCs, blocks, producers and varieties with the published fields", async () => {
    expect((await asA(LOOKUP_PATHS.farms)).map((f) => f.farm_Name)).toEqual(['Aardvark', `Kransvlei ${w.a.canary}`]);
    expect(await asA(`${LOOKUP_PATHS.farms}?filter=aard`)).toEqual([{ id: w.farm.f2, farm_Name: 'Aardvark', legal_Entity: `Entity ${w.a.canary}` }]);
    expect(await asA(`${LOOKUP_PATHS.pucs}?filter=C1`)).toEqual([
      { id: w.puc.c1, puc_Name: 'C1', farm: 'Aardvark' },
      { id: w.puc.c10, puc_Name: 'C10', farm: `Kransvlei ${w.a.canary}` },
    ]);
    expect(await asA(`${LOOKUP_PATHS.producers}?filter=entity`)).toEqual([{ id: expect.any(Number), name: `Entity ${w.a.canary}` }]);
    // blocks match on their code or their PUC
    expect((await asA(`${LOOKUP_PATHS.productionBlocks}?filter=c10`)).map((b) => `${b.puc as string}/${b.production_Block as string}/${b.variety as string}`)).toEqual([
      'C10/B01/Navel',
      'C10/B02/Navel',
      'C10/B03/Valencia',
      'C10/U01/Valencia',
    ]);
    expect((await asA(`${LOOKUP_PATHS.productionBlocks}?filter=u0`)).map((b) => b.id)).toEqual([w.block.c10u01]);
    expect(await asA(`${LOOKUP_PATHS.varieties}?filter=NAV`)).toEqual([{ id: w.variety.navel, variety_Name: 'Navel' }]);
  });

  it('matches the filter as typed: % and _ are characters, not wildcards; blank is everything', async () => {
    expect(await asA(`${LOOKUP_PATHS.pucs}?filter=${encodeURIComponent('C_')}`)).toEqual([]);
    expect(await asA(`${LOOKUP_PATHS.farms}?filter=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await asA(`${LOOKUP_PATHS.pucs}?filter=${encodeURIComponent('  ')}`)).toHaveLength(3);
    const long = await get(w.a.userId, w.a.organizationId, `${LOOKUP_PATHS.farms}?filter=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.map((d: { reason: string }) => d.reason)).toContain('lookup-filter-length');
  });

  it("stays within the caller's farm assignments: one farm, or none", async () => {
    const onF2 = async (url: string) => (await get(f2Only, w.a.organizationId, url)).json() as { id: number }[];
    expect((await onF2(LOOKUP_PATHS.farms)).map((f) => f.id)).toEqual([w.farm.f2]);
    expect((await onF2(LOOKUP_PATHS.pucs)).map((p) => p.id)).toEqual([w.puc.c1]);
    expect((await onF2(LOOKUP_PATHS.productionBlocks)).map((b) => b.id)).toEqual([w.block.c1b01]);
    expect((await onF2(LOOKUP_PATHS.varieties)).map((v) => v.id)).toEqual([w.variety.valencia]);
    for (const url of Object.values(LOOKUP_PATHS)) {
      const res = await get(noFarms, w.a.organizationId, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
    }
  });

  it("never answers another organisation's rows: grower G's PUC is not found from A, and A's context from B is 404", async () => {
    expect(await asA(`${LOOKUP_PATHS.pucs}?filter=L5`)).toEqual([]);
    expect(await asA(`${LOOKUP_PATHS.farms}?filter=G Farm`)).toEqual([]);
    for (const url of Object.values(LOOKUP_PATHS)) {
      const res = await get(w.b.userId, w.a.organizationId, url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it(`answers at most ${LOOKUP_LIMIT} rows, by name`, async () => {
    const entity = (await t.db.select().from(farms)).find((f) => f.id === w.farm.f2)!.legalEntityId;
    const many = Array.from({ length: LOOKUP_LIMIT + 5 }, (_, i) => ({ organizationId: w.a.organizationId, legalEntityId: entity, farmName: `Zz ${String(i).padStart(3, '0')}` }));
    const made = await t.db.insert(farms).values(many).returning({ id: farms.id });
    await assignFarms(t.db, w.a.userId, w.a.organizationId, made.map((m) => m.id));
    const list = await asA(`${LOOKUP_PATHS.farms}?filter=zz`);
    expect(list).toHaveLength(LOOKUP_LIMIT);
    expect(list[0]!.farm_Name).toBe('Zz 000');
  });
});
