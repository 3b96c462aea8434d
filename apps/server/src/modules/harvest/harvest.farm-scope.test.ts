/**
 * Harvest reports, their lookups, estimates and bins honour the caller's farm assignments
 * (data-rules/farm-scope): on the harvest world plus a third farm of A, "Outside" (PUC C30, a Star Ruby block
 * with 4 bins at PH1), a member assigned Kransvlei and Outside sees those two farms only, a member
 * with no farm sees nothing, and anything reached only through another farm answers 404 as another
 * organisation's would. The packhouse organisation still sees every bin delivered to its packhouses.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { HARVEST_PATHS, type BinImportResponse, type BlockReportPage, type PucReportPage } from '@orchard/shared/harvest';
import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addBins, createHarvestWorld, memberWith, multipartFile, SEASON, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { farmBlocks, farms, fruitBins, productionBlocks, pucs, varieties, yieldEstimates } from '../../db/schema/index';

const blockPath = (pucId: number) => HARVEST_PATHS.blockReport.replace(':pucId', String(pucId));
const historyPath = (blockId: number) => HARVEST_PATHS.blockEstimates.replace(':productionBlockId', String(blockId));

describe('harvest and farm assignments', () => {
  let t: TestApp;
  let w: HarvestWorld;
  const ids = {} as { outside: number; c30: number; c30b01: number; two: number; none: number };

  const call = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const get = async <T>(userId: number, url: string, organizationId = w.a.organizationId): Promise<T> => {
    const res = await call(userId, organizationId, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const status = async (userId: number, url: string) => (await call(userId, w.a.organizationId, { method: 'GET', url })).statusCode;
  const pucNames = async (userId: number, query = '') => (await get<PucReportPage>(userId, `${HARVEST_PATHS.pucReport}${query}`)).rows.map((r) => r.puc);
  const varietyNames = async (userId: number, query = '') =>
    (await get<{ variety_Name: string }[]>(userId, `${HARVEST_PATHS.varieties}${query}`)).map((v) => v.variety_Name);
  const estimatesOf = async (blockId: number) =>
    (await t.db.select({ n: count() }).from(yieldEstimates).where(eq(yieldEstimates.productionBlockId, blockId)))[0]!.n;
  const binsOf = async (blockId: number) => (await t.db.select({ n: count() }).from(fruitBins).where(eq(fruitBins.productionBlockId, blockId)))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
    const a = w.a.organizationId;
    const [kransvlei] = await t.db.select({ legalEntityId: farms.legalEntityId }).from(farms).where(eq(farms.id, w.farm.f1));
    const [starRuby] = await t.db.insert(varieties).values({ varietyName: 'Star Ruby', commodity: 'Grapefruit' }).returning();
    const [outside] = await t.db.insert(farms).values({ organizationId: a, legalEntityId: kransvlei!.legalEntityId, farmName: 'Outside' }).returning();
    const [c30] = await t.db.insert(pucs).values({ organizationId: a, farmId: outside!.id, pucName: 'C30' }).returning();
    const [fb] = await t.db.insert(farmBlocks).values({ organizationId: a, farmId: outside!.id, name: 'O1', ha: 2, varietyId: starRuby!.id }).returning();
    const [c30b01] = await t.db
      .insert(productionBlocks)
      .values({ organizationId: a, pucId: c30!.id, code: 'B01', varietyId: starRuby!.id, farmBlockId: fb!.id })
      .returning();
    await t.db.insert(yieldEstimates).values({ organizationId: a, productionBlockId: c30b01!.id, season: SEASON, ha: 2, tonnesPerHa: 20, tonnesPerHaAdjusted: 20 });
    await addBins(t.db, { organizationId: a, productionBlockId: c30b01!.id, packhouseId: w.ph.ph1, varietyId: starRuby!.id, tipped: 4, untipped: 0 });
    const permissions = [PERMISSIONS.harvestReports, PERMISSIONS.harvestEstimatesEdit];
    const two = await memberWith(t, a, 'harvest-two-farms', permissions, [w.farm.f1, outside!.id]);
    const none = await memberWith(t, a, 'harvest-no-farms', permissions);
    Object.assign(ids, { outside: outside!.id, c30: c30!.id, c30b01: c30b01!.id, two, none });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists only the assigned farms and the PUCs on them', async () => {
    expect((await get<{ farm_Name: string }[]>(ids.two, HARVEST_PATHS.farms)).map((f) => f.farm_Name)).toEqual([`Kransvlei ${w.a.canary}`, 'Outside']);
    expect((await get<{ label: string }[]>(ids.two, HARVEST_PATHS.pucs)).map((p) => p.label)).toEqual([
      `Kransvlei ${w.a.canary} - C2`,
      `Kransvlei ${w.a.canary} - C10`,
      'Outside - C30',
    ]);
    expect((await get<{ puc_Name: string }[]>(ids.two, `${HARVEST_PATHS.pucs}?farm=${ids.outside}`)).map((p) => p.puc_Name)).toEqual(['C30']);
    // A's member is assigned Kransvlei and Aardvark, not Outside
    expect((await get<{ farm_Name: string }[]>(w.a.userId, HARVEST_PATHS.farms)).map((f) => f.farm_Name)).toEqual(['Aardvark', `Kransvlei ${w.a.canary}`]);
  });

  it('reports only PUCs, figures and varieties of the assigned farms', async () => {
    expect(await pucNames(ids.two)).toEqual(['C2', 'C10', 'C30']);
    expect(await pucNames(w.a.userId)).toEqual(['C1', 'C2', 'C10']);
    // at PH1: C10's and C30's bins, not Aardvark's C1
    expect(await pucNames(ids.two, `?packhouse=${w.ph.ph1}`)).toEqual(['C10', 'C30']);
    const page = await get<PucReportPage>(ids.two, HARVEST_PATHS.pucReport);
    // tipped: C2 10 x 400 kg, C10 24 x 400 kg, C30 4 x 400 kg (Aardvark's C1 12 t not counted)
    expect(page.totals.tippedTonnes).toBeCloseTo(4 + 9.6 + 1.6, 6);
    expect(await varietyNames(ids.two)).toEqual(['Navel', 'Star Ruby', 'Valencia']);
    expect(await varietyNames(w.a.userId)).toEqual(['Navel', 'Valencia']);
    expect(await varietyNames(ids.two, `?packhouse=${w.ph.ph1}`)).toEqual(['Navel', 'Star Ruby', 'Valencia']);
    expect(await varietyNames(w.a.userId, `?packhouse=${w.ph.ph2}`)).toEqual(['Navel']);
    // the export holds the same PUCs
    const exported = await call(ids.two, w.a.organizationId, { method: 'GET', url: HARVEST_PATHS.pucReportExport });
    expect(exported.statusCode).toBe(200);
    expect((parse(exported.body) as string[][]).map((r) => r[0])).toEqual(['PUC', 'C2', 'C10', 'C30', 'Total']);
    const block = await get<BlockReportPage>(ids.two, blockPath(ids.c30));
    expect(block.rows.map((r) => r.production_Block)).toEqual([ids.c30b01]);
  });

  it('answers 404 for a farm, PUC or block reached only through an unassigned farm, and writes nothing', async () => {
    expect(await status(ids.two, `${HARVEST_PATHS.pucs}?farm=${w.farm.f2}`)).toBe(404);
    expect(await status(ids.two, blockPath(w.puc.c1))).toBe(404);
    expect(await status(ids.two, historyPath(w.block.c1b01))).toBe(404);
    expect(await status(w.a.userId, blockPath(ids.c30))).toBe(404);
    const estimatesBefore = await estimatesOf(w.block.c1b01);
    const save = await call(ids.two, w.a.organizationId, {
      method: 'POST',
      url: HARVEST_PATHS.estimates,
      payload: { production_Block: w.block.c1b01, ha: 1, tonnes_Per_Ha: 12, version: w.version.c1b01 },
    });
    expect(save.statusCode, save.body).toBe(404);
    expect(await estimatesOf(w.block.c1b01)).toBe(estimatesBefore);
    const binsBefore = await binsOf(w.block.c1b01);
    const bins = await call(ids.two, w.a.organizationId, {
      method: 'POST',
      url: HARVEST_PATHS.bins,
      payload: { production_Block: w.block.c1b01, packhouse: w.ph.ph1, count: 1, received_Date: '2025-06-10', tipped: false },
    });
    expect(bins.statusCode).toBe(404);
    const tipping = await call(ids.two, w.a.organizationId, {
      method: 'POST',
      url: HARVEST_PATHS.binTippings,
      payload: { production_Block: w.block.c1b01, packhouse: w.ph.ph1, count: 1, tipped_Kgs: 400 },
    });
    expect(tipping.statusCode).toBe(404);
    const file = multipartFile('puc,block,packhouse,received_date,bins,tipped,tipped_kgs\nC1,B01,PH1,2025-06-01,1,no,');
    const preview = await call(ids.two, w.a.organizationId, { method: 'POST', url: `${HARVEST_PATHS.binImports}?mode=preview`, headers: file.headers, payload: file.payload });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<BinImportResponse>().lines[0]).toMatchObject({ line: 2, status: 'refused', problems: [{ field: 'puc' }] });
    expect(await binsOf(w.block.c1b01)).toBe(binsBefore);
  });

  it('shows a member with no farm assigned no farm data at all', async () => {
    expect(await get<unknown[]>(ids.none, HARVEST_PATHS.farms)).toEqual([]);
    expect(await get<unknown[]>(ids.none, HARVEST_PATHS.pucs)).toEqual([]);
    expect(await pucNames(ids.none)).toEqual([]);
    expect(await pucNames(ids.none, `?packhouse=${w.ph.ph1}`)).toEqual([]);
    const exported = await call(ids.none, w.a.organizationId, { method: 'GET', url: HARVEST_PATHS.pucReportExport });
    expect((parse(exported.body) as string[][]).map((r) => r[0])).toEqual(['PUC', 'Total']);
    expect(await varietyNames(ids.none)).toEqual([]);
    expect(await varietyNames(ids.none, `?packhouse=${w.ph.ph1}`)).toEqual([]);
    expect(await status(ids.none, `${HARVEST_PATHS.pucs}?farm=${w.farm.f1}`)).toBe(404);
    expect(await status(ids.none, blockPath(w.puc.c10))).toBe(404);
    expect(await status(ids.none, historyPath(w.block.c10b01))).toBe(404);
  });

  it("still shows the packhouse organisation every bin delivered to its packhouses, whoever's farm it came from", async () => {
    const rows = (await get<PucReportPage>(w.packhouseOrg.userId, HARVEST_PATHS.pucReport, w.packhouseOrg.organizationId)).rows;
    expect(rows.map((r) => r.puc)).toEqual(['C1', 'C2', 'C10', 'C30', 'L5']);
    expect(
      (await get<{ variety_Name: string }[]>(w.packhouseOrg.userId, `${HARVEST_PATHS.varieties}?packhouse=${w.ph.ph1}`, w.packhouseOrg.organizationId)).map(
        (v) => v.variety_Name,
      ),
    ).toEqual(['Navel', 'Star Ruby', 'Valencia']);
  });
});
