/**
 * Farm Setup's CSV exports, one per tab, on the harvest world (test/helpers/harvest-world.ts): the
 * tab's rows, order and filter, referenced rows by name, the export log; the tab's permission and
 * the caller's farms (a filter outside them, or outside the organisation, answers 404 and logs nothing).
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  FARM_SETUP_CSV_COLUMNS,
  FARM_SETUP_EXPORT_KINDS,
  FARM_SETUP_EXPORT_PATHS,
  FARM_SETUP_PATHS,
  farmSetupExportNames,
  type FarmSetupExportKind,
} from '@orchard/shared/farm-setup';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, memberWith, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { fixedClock } from '../../../test/helpers/picking-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { exportLogs, farms, legalEntities, productionBlocks } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const FILE_NAMES: Record<FarmSetupExportKind, string> = {
  legalEntities: 'LegalEntities',
  farms: 'Farms',
  farmBlocks: 'FarmBlocks',
  pucs: 'PUCs',
  productionBlocks: 'ProductionBlocks',
  varieties: 'Varieties',
  commodities: 'Commodities',
};
const LIST_PATHS: Record<FarmSetupExportKind, string> = {
  legalEntities: FARM_SETUP_PATHS.legalEntities,
  farms: FARM_SETUP_PATHS.farms,
  farmBlocks: FARM_SETUP_PATHS.farmBlocks,
  pucs: FARM_SETUP_PATHS.pucs,
  productionBlocks: FARM_SETUP_PATHS.productionBlocks,
  varieties: FARM_SETUP_PATHS.varieties,
  commodities: FARM_SETUP_PATHS.commodities,
};

describe('farm setup exports', () => {
  let t: TestApp;
  let w: HarvestWorld;
  let entityA: number;
  let formulaEntity: number;
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (url: string) => as(w.a.userId, w.a.organizationId, { method: 'GET', url });
  const csv = async (url: string, userId = w.a.userId) => {
    const res = await as(userId, w.a.organizationId, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return parse(res.body) as string[][];
  };
  const logCount = async () => (await t.db.select().from(exportLogs)).length;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock(NOW) });
    w = await createHarvestWorld(t);
    entityA = (await t.db.select().from(farms).where(eq(farms.id, w.farm.f1)))[0]!.legalEntityId;
    // a legal entity no farm belongs to (visible: no farm of it lies elsewhere), named like a formula
    const [formula] = await t.db.insert(legalEntities).values({ organizationId: w.a.organizationId, name: '=SUM(A1)' }).returning();
    formulaEntity = formula!.id;
    await t.db.update(farms).set({ lat: -32.5, lng: 19.0123456 }).where(eq(farms.id, w.farm.f1));
    await t.db.update(productionBlocks).set({ name: 'River North', ha: 4.5, plantingYear: 2015 }).where(eq(productionBlocks.id, w.block.c10b03));
  });
  afterAll(async () => {
    await t.close();
  });

  it("each tab's export holds the list's rows in its order under the tab's columns, and is logged", async () => {
    for (const kind of FARM_SETUP_EXPORT_KINDS) {
      const url = FARM_SETUP_EXPORT_PATHS[kind];
      const before = await logCount();
      const res = await asA(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${FILE_NAMES[kind]}-2026-03-11-08-00-00.csv"`);
      expect(res.body.endsWith('\r\n')).toBe(true);
      const records = parse(res.body) as string[][];
      expect(records[0], kind).toEqual(FARM_SETUP_CSV_COLUMNS[kind].map((c) => c.header));
      const list = (await asA(LIST_PATHS[kind])).json() as { id: number }[];
      expect(list.length, kind).toBeGreaterThan(0);
      expect(records.slice(1).map((r) => Number(r[0])), kind).toEqual(list.map((r) => r.id));
      const logs = await t.db.select().from(exportLogs).where(eq(exportLogs.url, url));
      expect(await logCount()).toBe(before + 1);
      expect(logs.at(-1)).toMatchObject({ userId: w.a.userId, organizationId: w.a.organizationId, ...farmSetupExportNames(kind), size: Buffer.byteLength(res.body, 'utf8') });
    }
  });

  it('writes referenced rows by name, numbers with a point, empty cells for no value, and neutralises formula cells', async () => {
    const entities = await csv(FARM_SETUP_EXPORT_PATHS.legalEntities);
    expect(entities).toContainEqual([String(entityA), `Entity ${w.a.canary}`]);
    expect(entities).toContainEqual([String(formulaEntity), `'=SUM(A1)`]);

    const farmRows = await csv(FARM_SETUP_EXPORT_PATHS.farms);
    expect(farmRows.slice(1)).toEqual([
      [String(w.farm.f2), 'Aardvark', `Entity ${w.a.canary}`, '', ''],
      [String(w.farm.f1), `Kransvlei ${w.a.canary}`, `Entity ${w.a.canary}`, '-32.5', '19.0123456'],
    ]);

    // the tab's farm filter: F1's blocks by name
    const farmBlocks = await csv(`${FARM_SETUP_EXPORT_PATHS.farmBlocks}?farmId=${w.farm.f1}`);
    expect(farmBlocks.slice(1).map((r) => r.slice(1))).toEqual([
      ['A1', `Kransvlei ${w.a.canary}`, '3', 'Valencia', ''],
      ['A10', `Kransvlei ${w.a.canary}`, '1.5', 'Navel', ''],
      ['A2', `Kransvlei ${w.a.canary}`, '2', 'Navel', `DAFF ${w.a.canary}`],
      ['C1', `Kransvlei ${w.a.canary}`, '4', 'Navel', ''],
    ]);

    const pucRows = await csv(`${FARM_SETUP_EXPORT_PATHS.pucs}?farmId=${w.farm.f1}`);
    expect(pucRows.slice(1)).toEqual([
      [String(w.puc.c10), 'C10', `Kransvlei ${w.a.canary}`],
      [String(w.puc.c2), 'C2', `Kransvlei ${w.a.canary}`],
    ]);

    const blocks = await csv(`${FARM_SETUP_EXPORT_PATHS.productionBlocks}?pucId=${w.puc.c10}`);
    expect(blocks.slice(1)).toEqual([
      [String(w.block.c10b01), 'C10', 'B01', '', '', 'Navel', '', 'A2'],
      [String(w.block.c10b02), 'C10', 'B02', '', '', 'Navel', '', 'A10'],
      [String(w.block.c10b03), 'C10', 'B03', 'River North', '4.5', 'Valencia', '2015', 'A1'],
      [String(w.block.c10u01), 'C10', 'U01', '', '', 'Valencia', '', ''],
    ]);

    const varieties = await csv(FARM_SETUP_EXPORT_PATHS.varieties);
    expect(varieties).toContainEqual([String(w.variety.navel), 'Navel', 'Oranges']);
    const commodities = await csv(FARM_SETUP_EXPORT_PATHS.commodities);
    const oranges = commodities.find((r) => r[1] === 'Oranges');
    expect(Number(oranges?.[2])).toBeGreaterThanOrEqual(2);
  });

  it("a member limited to farm F2 exports F2's rows only; a filter naming F1 or its PUC answers 404 and logs nothing", async () => {
    const limited = await memberWith(t, w.a.organizationId, 'export-setup-f2', [PERMISSIONS.managementFarmSetup], [w.farm.f2]);
    const ids = async (kind: FarmSetupExportKind) => (await csv(FARM_SETUP_EXPORT_PATHS[kind], limited)).slice(1).map((r) => Number(r[0]));
    expect(await ids('farms')).toEqual([w.farm.f2]);
    expect(await ids('pucs')).toEqual([w.puc.c1]);
    expect(await ids('productionBlocks')).toEqual([w.block.c1b01]);
    expect((await csv(FARM_SETUP_EXPORT_PATHS.farmBlocks, limited)).slice(1).map((r) => r[1])).toEqual(['D1']);
    expect(await ids('legalEntities')).toEqual(expect.arrayContaining([entityA, formulaEntity]));

    const before = await logCount();
    for (const url of [
      `${FARM_SETUP_EXPORT_PATHS.farmBlocks}?farmId=${w.farm.f1}`,
      `${FARM_SETUP_EXPORT_PATHS.pucs}?farmId=${w.farm.f1}`,
      `${FARM_SETUP_EXPORT_PATHS.productionBlocks}?pucId=${w.puc.c10}`,
      // another organisation's farm and PUC, and ones that do not exist
      `${FARM_SETUP_EXPORT_PATHS.pucs}?farmId=999999`,
      `${FARM_SETUP_EXPORT_PATHS.productionBlocks}?pucId=${w.puc.l5}`,
    ]) {
      const res = await as(limited, w.a.organizationId, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    for (const url of [`${FARM_SETUP_EXPORT_PATHS.farmBlocks}?farmId=abc`, `${FARM_SETUP_EXPORT_PATHS.productionBlocks}?pucId=-1`]) {
      expect((await asA(url)).statusCode, url).toBe(400);
    }
    expect(await logCount()).toBe(before);
  });

  it("organisation B's member gets none of A's rows, and a filter naming A's farm or PUC answers 404", async () => {
    for (const kind of FARM_SETUP_EXPORT_KINDS) {
      const res = await runTenantCase(t, w, { name: `export ${kind}`, request: () => ({ method: 'GET', url: FARM_SETUP_EXPORT_PATHS[kind] }), expect: 'no-leak' });
      expect(res.statusCode, kind).toBe(200);
    }
    const before = await logCount();
    for (const url of [
      `${FARM_SETUP_EXPORT_PATHS.farmBlocks}?farmId=${w.farm.f1}`,
      `${FARM_SETUP_EXPORT_PATHS.pucs}?farmId=${w.farm.f2}`,
      `${FARM_SETUP_EXPORT_PATHS.productionBlocks}?pucId=${w.puc.c10}`,
    ]) {
      await runTenantCase(t, w, { name: url, request: () => ({ method: 'GET', url }), expect: 'not-found' });
    }
    expect(await logCount()).toBe(before);
  });

  it('a member without management.farmSetup is refused every export (403)', async () => {
    const viewer = await memberWith(t, w.a.organizationId, 'export-setup-none', [PERMISSIONS.harvestReports], [w.farm.f1, w.farm.f2]);
    for (const kind of FARM_SETUP_EXPORT_KINDS) {
      const res = await as(viewer, w.a.organizationId, { method: 'GET', url: FARM_SETUP_EXPORT_PATHS[kind] });
      expect(res.statusCode, kind).toBe(403);
    }
  });
});
