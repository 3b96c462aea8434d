/**
 * Harvest reports and yield estimates through the API, on the hand-worked world of
 * test/helpers/harvest-world.ts (its header lists every block's ha, estimates and bins).
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  ADJUSTED_TONNES_PER_HA_MESSAGE,
  ESTIMATE_CONFLICT_MESSAGE,
  HARVEST_PATHS,
  PUC_REPORT_CSV_COLUMNS,
  PUC_REPORT_EXPORT_NAMES,
  UNLINKED_BLOCK_MESSAGE,
  type BlockReportPage,
  type BlockReportRowResponse,
  type EstimateHistoryResponse,
  type PucReportPage,
} from '@orchard/shared/harvest';
import { parse } from 'csv-parse/sync';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, memberWith, SEASON, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { assignFarms } from '../../../test/helpers/fixtures';
import { runTenantCase, type TenantCase } from '../../../test/helpers/tenant-matrix';
import { exportLogs, farmBlocks, farms, legalEntities, productionBlocks, pucs, yieldEstimates } from '../../db/schema/index';

const blockPath = (pucId: number) => HARVEST_PATHS.blockReport.replace(':pucId', String(pucId));
const historyPath = (blockId: number) => HARVEST_PATHS.blockEstimates.replace(':productionBlockId', String(blockId));
const close = (value: number | null | undefined, expected: number) => {
  expect(value).not.toBeNull();
  expect(value!).toBeCloseTo(expected, 6);
};

async function get<T>(t: TestApp, userId: number, organizationId: number, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.headersFor(userId, organizationId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('harvest reports', () => {
  let t: TestApp;
  let w: HarvestWorld;
  const asA = <T>(url: string) => get<T>(t, w.a.userId, w.a.organizationId, url);
  const asPackhouse = <T>(url: string) => get<T>(t, w.packhouseOrg.userId, w.packhouseOrg.organizationId, url);

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the packhouses linked to or owned by the organisation, and varieties with bins there', async () => {
    expect((await asA<{ name: string }[]>(HARVEST_PATHS.packhouses)).map((p) => p.name)).toEqual(['PH1 Kirkwood', 'PH2 Addo']);
    expect((await asPackhouse<{ name: string }[]>(HARVEST_PATHS.packhouses)).map((p) => p.name)).toEqual(['PH1 Kirkwood', 'PH2 Addo']);
    // every packhouse: the varieties of A's own blocks
    expect((await asA<{ variety_Name: string }[]>(HARVEST_PATHS.varieties)).map((v) => v.variety_Name)).toEqual(['Navel', 'Valencia']);
    // PH2 received only Navel from A
    expect((await asA<{ variety_Name: string }[]>(`${HARVEST_PATHS.varieties}?packhouse=${w.ph.ph2}`)).map((v) => v.variety_Name)).toEqual(['Navel']);
    expect((await asPackhouse<{ variety_Name: string }[]>(`${HARVEST_PATHS.varieties}?packhouse=${w.ph.ph1}`)).map((v) => v.variety_Name)).toEqual([
      'Navel',
      'Valencia',
    ]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${HARVEST_PATHS.varieties}?packhouse=${w.ph.ph3}`,
      headers: await t.headersFor(w.a.userId, w.a.organizationId),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('computes the PUC report for every packhouse against the hand-worked figures', async () => {
    const page = await asA<PucReportPage>(HARVEST_PATHS.pucReport);
    expect(page.season).toBe(SEASON);
    // sorted by PUC number: C1, C2, C10 (not C1, C10, C2)
    expect(page.rows.map((r) => r.puc)).toEqual(['C1', 'C2', 'C10']);
    // each row names its PUC's id (the row opens that PUC's block report)
    expect(page.rows.map((r) => r.pucId)).toEqual([w.puc.c1, w.puc.c2, w.puc.c10]);
    const [c1, c2, c10] = page.rows;
    // C1: 30 tipped (12000 kg) = 12 t; estimate 1 ha x 10 = 10 t; remaining 10 - 12 = -2 -> 0
    expect(c1).toMatchObject({ not_Tipped: 0, tipped: 30, tipped_Kgs: 12000, completedBlocks: 1, incompleteBlocks: 0, blocksEstimated: '1 / 1' });
    close(c1!.tippedTonnes, 12);
    close(c1!.remainingTonnes, 0);
    // C2: 10 tipped (4000 kg) = 4 t; 4 ha x 30 = 120 t; remaining 116
    close(c2!.remainingTonnes, 116);
    expect(c2!.blocksEstimated).toBe('1 / 1');
    // C10: B01 4 tipped 1600 kg + 2 untipped, B02 20 tipped 8000 kg, U01 3 untipped:
    //   not tipped 5, tipped 24, 9600 kg; untipped estimate 9600 / 24 * 5 = 2000 kg = 2 t; combined 11.6 t
    //   remaining: B01 2 x 40 - (1.6 + 0.8) = 77.6; B02 1.5 x 4 - 8 = -2 (not counted); B03 and U01 none
    //   completed: B01 and B02 (linked, adjusted); B03 (no estimate) and U01 (unlinked) are not
    expect(c10).toMatchObject({ not_Tipped: 5, tipped: 24, tipped_Kgs: 9600, completedBlocks: 2, incompleteBlocks: 2, blocksEstimated: '2 / 4' });
    close(c10!.untippedTonnes, 2);
    close(c10!.combinedTonnes, 11.6);
    close(c10!.remainingTonnes, 77.6);
    // totals: untipped 2, tipped 12 + 4 + 9.6 = 25.6, combined 27.6, remaining 0 + 116 + 77.6 = 193.6
    close(page.totals.untippedTonnes, 2);
    close(page.totals.tippedTonnes, 25.6);
    close(page.totals.combinedTonnes, 27.6);
    close(page.totals.remainingTonnes, 193.6);
    expect(page.totals.blocksEstimated).toBe('4 / 6');
  });

  it('filters the PUC report by packhouse and variety', async () => {
    // PH1: C1 and C10 (B01 4 tipped 1600 kg + 2 untipped, U01 3 untipped); C2 delivered to PH2 only
    const ph1 = await asA<PucReportPage>(`${HARVEST_PATHS.pucReport}?packhouse=${w.ph.ph1}`);
    expect(ph1.rows.map((r) => r.puc)).toEqual(['C1', 'C10']);
    const c10 = ph1.rows[1]!;
    expect(c10).toMatchObject({ not_Tipped: 5, tipped: 4, tipped_Kgs: 1600, completedBlocks: 1, incompleteBlocks: 1 });
    // untipped 1600 / 4 * 5 = 2000 kg; combined 1.6 + 2 = 3.6 t; remaining B01 77.6
    close(c10.untippedTonnes, 2);
    close(c10.combinedTonnes, 3.6);
    close(c10.remainingTonnes, 77.6);

    // PH1, Valencia: C1 (30 tipped) and C10's U01 (3 untipped, no tipped bin to estimate from)
    const valencia = await asA<PucReportPage>(`${HARVEST_PATHS.pucReport}?packhouse=${w.ph.ph1}&variety=${w.variety.valencia}`);
    expect(valencia.rows.map((r) => [r.puc, r.not_Tipped, r.tipped, r.isUntippedEstimateMissing])).toEqual([
      ['C1', 0, 30, false],
      ['C10', 3, 0, true],
    ]);

    // every packhouse, Navel: C2 and C10's B01 and B02; C1 grows only Valencia
    const navel = await asA<PucReportPage>(`${HARVEST_PATHS.pucReport}?variety=${w.variety.navel}`);
    expect(navel.rows.map((r) => [r.puc, r.not_Tipped, r.tipped, r.completedBlocks, r.incompleteBlocks])).toEqual([
      ['C2', 0, 10, 1, 0],
      ['C10', 2, 24, 2, 0],
    ]);
  });

  it('exports the PUC report as CSV: its columns, rows, order and Total line as shown, the same filter, and logs the export', async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    const logsOfA = () => t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    const before = await logsOfA();
    const res = await t.app.inject({ method: 'GET', url: HARVEST_PATHS.pucReportExport, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="HarvestPucReport-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.endsWith('\r\n')).toBe(true);
    // the hand-worked figures of the report above, as the cells round them, with a `.` decimal point
    expect(parse(res.body)).toEqual([
      ['PUC', 'Est. Untipped Tonnes', 'Tipped Tonnes', 'Combined Tonnes', 'Remaining Tonnes', 'Blocks Estimated'],
      ['C1', '0', '12', '12', '0', '1 / 1'],
      ['C2', '0', '4', '4', '116', '1 / 1'],
      ['C10', '2', '9.6', '11.6', '77.6', '2 / 4'],
      ['Total', '2', '25.6', '27.6', '193.6', '4 / 6'],
    ]);
    expect((parse(res.body) as string[][])[0]).toEqual(PUC_REPORT_CSV_COLUMNS.map((c) => c.header));

    // the report's filter: PH1, Valencia (C1, and C10's U01 with 3 untipped bins and nothing to estimate them from)
    const filteredUrl = `${HARVEST_PATHS.pucReportExport}?packhouse=${w.ph.ph1}&variety=${w.variety.valencia}`;
    const filtered = await t.app.inject({ method: 'GET', url: filteredUrl, headers });
    expect((parse(filtered.body) as string[][]).map((r) => r[0])).toEqual(['PUC', 'C1', 'C10', 'Total']);
    // and its season
    const older = parse((await t.app.inject({ method: 'GET', url: `${HARVEST_PATHS.pucReportExport}?season=2024`, headers })).body) as string[][];
    const c10 = older.find((r) => r[0] === 'C10')!;
    expect([c10[2], c10[4], c10[5]]).toEqual(['2', '148.5', '1 / 4']);

    const after = await logsOfA();
    expect(after).toHaveLength(before.length + 3);
    expect(after.find((l) => !before.some((b) => b.id === l.id) && l.url === HARVEST_PATHS.pucReportExport)).toMatchObject({
      userId: w.a.userId,
      ...PUC_REPORT_EXPORT_NAMES,
      size: Buffer.byteLength(res.body, 'utf8'),
    });
    expect(after.some((l) => l.url === filteredUrl)).toBe(true);
  });

  it("an export naming a packhouse outside the organisation's answers 404 and logs nothing; a bad filter 400", async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    const count = async () => (await t.db.select().from(exportLogs)).length;
    const before = await count();
    const foreign = await t.app.inject({ method: 'GET', url: `${HARVEST_PATHS.pucReportExport}?packhouse=${w.ph.ph3}`, headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    for (const search of ['?packhouse=abc', '?variety=-1', '?season=1999']) {
      expect((await t.app.inject({ method: 'GET', url: `${HARVEST_PATHS.pucReportExport}${search}`, headers })).statusCode, search).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('reads another season when asked', async () => {
    // 2024: B01 had 5 tipped bins (2000 kg), B02 an estimate of 1.5 ha x 99 = 148.5 t
    const page = await asA<PucReportPage>(`${HARVEST_PATHS.pucReport}?season=2024`);
    const c10 = page.rows.find((r) => r.puc === 'C10')!;
    expect(c10).toMatchObject({ tipped: 5, tipped_Kgs: 2000, completedBlocks: 1, incompleteBlocks: 3 });
    close(c10.remainingTonnes, 148.5);
  });

  it('computes the block report rows and totals against the hand-worked figures', async () => {
    const page = await asA<BlockReportPage>(blockPath(w.puc.c10));
    expect(page.season).toBe(SEASON);
    expect(page.puc).toMatchObject({ puc_Name: 'C10', label: `Kransvlei ${w.a.canary} - C10` });
    // by linked block name naturally (A1, A2, A10), the unlinked row last
    expect(page.rows.map((r) => [r.citrii_Block, r.production_Block_Code])).toEqual([
      ['A1', 'B03'],
      ['A2', 'B01'],
      ['A10', 'B02'],
      [null, 'U01'],
    ]);
    const [b03, b01, b02, u01] = page.rows as [BlockReportRowResponse, BlockReportRowResponse, BlockReportRowResponse, BlockReportRowResponse];

    // B03: ha 3 from the farm block, nothing delivered, no estimate
    expect(b03).toMatchObject({ ha: 3, version: 0, tonnes_Per_Ha: null, tonnes_Per_Ha_Adjusted: null, isLinked: true, isCompleted: false });
    expect([b03.adjustedEstimate, b03.remaining_Tonnes, b03.percentage_Complete, b03.variance]).toEqual([null, null, null, null]);

    // B01: ha 2, orig 50, adj 40; 4 tipped 1600 kg, 2 untipped -> 1600 / 4 * 2 = 800 kg
    expect(b01).toMatchObject({ ha: 2, not_Tipped: 2, tipped: 4, tipped_Kgs: 1600, version: w.version.c10b01, daff: `DAFF ${w.a.canary}` });
    close(b01.untippedTonnes, 0.8);
    close(b01.tippedTonnes, 1.6);
    close(b01.combinedTonnes, 2.4);
    close(b01.tonnesPerHa, 1.2); // 2.4 / 2
    close(b01.originalEstimate, 100); // 2 x 50
    close(b01.adjustedEstimate, 80); // 2 x 40
    close(b01.remaining_Tonnes, 77.6); // 80 - 2.4
    close(b01.remaining_Tonnes_Per_Ha, 38.8); // 77.6 / 2
    close(b01.percentage_Complete, 3); // 2.4 / 80 x 100
    close(b01.variance, 97); // |100 - 3|

    // B02: ha 1.5, no original, adj 4 -> 6 t; 8 t delivered -> remaining -2, 133.33 %
    expect(b02.originalEstimate).toBeNull();
    close(b02.adjustedEstimate, 6);
    close(b02.remaining_Tonnes, -2);
    close(b02.percentage_Complete, 133.333333);
    close(b02.variance, 33.333333);
    close(b02.tonnesPerHa, 8 / 1.5);

    // U01: unlinked: no T/Ha, 3 untipped with no tipped bin to estimate their weight from
    expect(u01).toMatchObject({ ha: null, not_Tipped: 3, tipped: 0, isLinked: false, isCompleted: false, isUntippedEstimateMissing: true, tonnesPerHa: null });

    // totals: ha 3 + 2 + 1.5 = 6.5; tonnes 0.8 / 9.6 / 10.4; Adj Est 80 + 6 = 86 over 3.5 ha;
    // remaining counts only the positive 77.6; % complete 10.4 / 86 x 100
    const totals = page.totals;
    close(totals.ha, 6.5);
    close(totals.untippedTonnes, 0.8);
    close(totals.tippedTonnes, 9.6);
    close(totals.combinedTonnes, 10.4);
    close(totals.tonnesPerHa, 1.6); // 10.4 / 6.5
    close(totals.originalEstimate, 100);
    close(totals.adjustedEstimate, 86);
    close(totals.adjustedTonnesPerHa, 86 / 3.5);
    close(totals.remaining_Tonnes, 77.6);
    close(totals.percentage_Complete, (10.4 / 86) * 100);
    expect([totals.completedBlocks, totals.totalBlocks]).toEqual([2, 4]);
  });

  it('reads the block report of another season when asked', async () => {
    // 2024: B01 had 5 tipped bins (2000 kg) and its own estimate; the other blocks nothing
    const page = await asA<BlockReportPage>(`${blockPath(w.puc.c10)}?season=2024`);
    expect(page.season).toBe(2024);
    const b01 = page.rows.find((r) => r.production_Block_Code === 'B01')!;
    expect(b01).toMatchObject({ tipped: 5, not_Tipped: 0, tipped_Kgs: 2000 });
    expect(b01.version).not.toBe(w.version.c10b01);
    expect(page.rows.filter((r) => r.production_Block_Code !== 'B01').every((r) => r.tipped + r.not_Tipped === 0)).toBe(true);
  });

  it('answers an empty block report for a PUC without production blocks, in the current year when nothing happened yet', async () => {
    const organizationId = w.b.organizationId;
    const [entity] = await t.db.insert(legalEntities).values({ organizationId, name: 'Entity B' }).returning();
    const [farm] = await t.db.insert(farms).values({ organizationId, legalEntityId: entity!.id, farmName: 'Farm B' }).returning();
    const [puc] = await t.db.insert(pucs).values({ organizationId, farmId: farm!.id, pucName: 'EMPTY' }).returning({ id: pucs.id });
    await assignFarms(t.db, w.b.userId, organizationId, [farm!.id]);
    const page = await get<BlockReportPage>(t, w.b.userId, w.b.organizationId, blockPath(puc!.id));
    expect(page.puc).toMatchObject({ id: puc!.id, puc_Name: 'EMPTY' });
    expect(page.rows).toEqual([]);
    expect(page.totals).toMatchObject({ totalBlocks: 0, completedBlocks: 0 });
    // B has no harvest activity at all: the season is the current calendar year
    expect(page.season).toBe(Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric' }).format(new Date())));
  });

  it('lists PUC options "farm name - PUC name" alphabetically, per farm for the appraisal', async () => {
    const all = await asA<{ label: string }[]>(HARVEST_PATHS.pucs);
    expect(all.map((p) => p.label)).toEqual(['Aardvark - C1', `Kransvlei ${w.a.canary} - C2`, `Kransvlei ${w.a.canary} - C10`]);
    const farms = await asA<{ id: number; farm_Name: string }[]>(HARVEST_PATHS.farms);
    expect(farms.map((f) => f.farm_Name)).toEqual(['Aardvark', `Kransvlei ${w.a.canary}`]);
    const perFarm = await asA<{ puc_Name: string }[]>(`${HARVEST_PATHS.pucs}?farm=${w.farm.f1}`);
    expect(perFarm.map((p) => p.puc_Name)).toEqual(['C2', 'C10']);
  });

  it("shows a packhouse's owner the bins delivered to its packhouses, read-only", async () => {
    // every owned packhouse (PH1, PH2): A's PUCs and grower G's L5 (its PH3 bins are not P's)
    const all = await asPackhouse<PucReportPage>(HARVEST_PATHS.pucReport);
    expect(all.season).toBe(SEASON);
    expect(all.rows.map((r) => [r.puc, r.tipped, r.not_Tipped])).toEqual([
      ['C1', 30, 0],
      ['C2', 10, 0],
      ['C10', 24, 5],
      ['L5', 2, 0],
    ]);
    const ph1 = await asPackhouse<PucReportPage>(`${HARVEST_PATHS.pucReport}?packhouse=${w.ph.ph1}`);
    expect(ph1.rows.map((r) => r.puc)).toEqual(['C1', 'C10', 'L5']);
    expect(ph1.rows.find((r) => r.puc === 'L5')!.tipped_Kgs).toBe(800);

    const headers = await t.headersFor(w.packhouseOrg.userId, w.packhouseOrg.organizationId);
    const other = await t.app.inject({ method: 'GET', url: `${HARVEST_PATHS.pucReport}?packhouse=${w.ph.ph3}`, headers });
    expect(other.statusCode).toBe(404);
    // the growers' PUCs, blocks and estimates stay theirs
    expect(await asPackhouse<unknown[]>(HARVEST_PATHS.pucs)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: blockPath(w.puc.c10), headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: historyPath(w.block.c10b01), headers })).statusCode).toBe(404);
    const save = await t.app.inject({
      method: 'POST',
      url: HARVEST_PATHS.estimates,
      headers,
      payload: { production_Block: w.block.c10b01, ha: 2, tonnes_Per_Ha: 10, version: w.version.c10b01 },
    });
    expect(save.statusCode).toBe(404);
    const bins = await t.app.inject({
      method: 'POST',
      url: HARVEST_PATHS.bins,
      headers,
      payload: { production_Block: w.block.c10b01, packhouse: w.ph.ph1, count: 1, received_Date: '2025-05-01', tipped: false },
    });
    expect(bins.statusCode).toBe(404);
  });

  it("keeps organisation A's harvest data from organisation B (tenant matrix)", async () => {
    const estimatesOfA = async () =>
      (await t.db.select({ n: count() }).from(yieldEstimates).where(eq(yieldEstimates.organizationId, w.a.organizationId)))[0]!.n;
    const before = await estimatesOfA();
    const unchanged = async () => {
      expect(await estimatesOfA()).toBe(before);
    };
    const cases: TenantCase[] = [
      { name: 'PUC report for A', request: () => ({ method: 'GET', url: HARVEST_PATHS.pucReport }), expect: 'no-leak' },
      { name: "PUC report naming A's packhouse", request: () => ({ method: 'GET', url: `${HARVEST_PATHS.pucReport}?packhouse=${w.ph.ph1}` }), expect: 'not-found' },
      { name: 'PUC report export', request: () => ({ method: 'GET', url: HARVEST_PATHS.pucReportExport }), expect: 'no-leak' },
      {
        name: "PUC report export naming A's packhouse",
        request: () => ({ method: 'GET', url: `${HARVEST_PATHS.pucReportExport}?packhouse=${w.ph.ph1}` }),
        expect: 'not-found',
      },
      { name: "varieties of A's packhouse", request: () => ({ method: 'GET', url: `${HARVEST_PATHS.varieties}?packhouse=${w.ph.ph1}` }), expect: 'not-found' },
      { name: 'packhouses', request: () => ({ method: 'GET', url: HARVEST_PATHS.packhouses }), expect: 'no-leak' },
      { name: 'PUC options', request: () => ({ method: 'GET', url: HARVEST_PATHS.pucs }), expect: 'no-leak' },
      { name: "PUC options of A's farm", request: () => ({ method: 'GET', url: `${HARVEST_PATHS.pucs}?farm=${w.farm.f1}` }), expect: 'not-found' },
      { name: 'farms', request: () => ({ method: 'GET', url: HARVEST_PATHS.farms }), expect: 'no-leak' },
      { name: "block report of A's PUC", request: () => ({ method: 'GET', url: blockPath(w.puc.c10) }), expect: 'not-found' },
      { name: "estimate history of A's block", request: () => ({ method: 'GET', url: historyPath(w.block.c10b01) }), expect: 'not-found' },
      {
        name: "saving an estimate for A's block",
        request: () => ({
          method: 'POST',
          url: HARVEST_PATHS.estimates,
          payload: { production_Block: w.block.c10b01, ha: 2, tonnes_Per_Ha: 1, version: w.version.c10b01 },
        }),
        expect: 'not-found',
        unchanged,
      },
    ];
    for (const c of cases) await runTenantCase(t, w, c);
  });

  it('gates reading on harvest.reports and saving on harvest.estimates.edit', async () => {
    const org = w.a.organizationId;
    const farmsOfA = [w.farm.f1, w.farm.f2];
    const nobody = await memberWith(t, org, 'harvest-nobody', [], farmsOfA);
    const reader = await memberWith(t, org, 'harvest-reader', [PERMISSIONS.harvestReports], farmsOfA);
    const editor = await memberWith(t, org, 'harvest-editor', [PERMISSIONS.harvestEstimatesEdit], farmsOfA);
    const call = async (userId: number, method: 'GET' | 'POST', url: string, payload?: object) =>
      (await t.app.inject({ method, url, headers: await t.headersFor(userId, org), ...(payload ? { payload } : {}) })).statusCode;
    const save = { production_Block: w.block.c10b01, ha: 2, tonnes_Per_Ha: 40, version: 0 };
    for (const url of [HARVEST_PATHS.pucReport, HARVEST_PATHS.pucReportExport, blockPath(w.puc.c10), HARVEST_PATHS.pucs, HARVEST_PATHS.packhouses, historyPath(w.block.c10b01)]) {
      expect(await call(nobody, 'GET', url), url).toBe(403);
      expect(await call(editor, 'GET', url), url).toBe(403);
      expect(await call(reader, 'GET', url), url).toBe(200);
    }
    expect(await call(nobody, 'POST', HARVEST_PATHS.estimates, save)).toBe(403);
    expect(await call(reader, 'POST', HARVEST_PATHS.estimates, save)).toBe(403);
    // allowed through the gate; refused by the version check (nothing written)
    expect(await call(editor, 'POST', HARVEST_PATHS.estimates, save)).toBe(412);
  });
});

describe('saving block yield estimates', () => {
  let t: TestApp;
  let w: HarvestWorld;
  const save = async (body: { production_Block: number; ha?: number | null; tonnes_Per_Ha: unknown; version: number }) =>
    t.app.inject({ method: 'POST', url: HARVEST_PATHS.estimates, headers: await t.headersFor(w.a.userId, w.a.organizationId), payload: body });
  const history = async (blockId: number) =>
    get<EstimateHistoryResponse>(t, w.a.userId, w.a.organizationId, historyPath(blockId));
  const row = async (pucId: number, blockId: number) =>
    (await get<BlockReportPage>(t, w.a.userId, w.a.organizationId, blockPath(pucId))).rows.find((r) => r.production_Block === blockId)!;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the history, shows the latest, and sets the original to the adjusted value when one existed', async () => {
    const res = await save({ production_Block: w.block.c10b01, ha: 2, tonnes_Per_Ha: 45, version: w.version.c10b01 });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<BlockReportRowResponse>();
    // original 50 existed -> becomes 45; 2 ha x 45 = 90 t; remaining 90 - 2.4 = 87.6
    expect(saved).toMatchObject({ production_Block: w.block.c10b01, tonnes_Per_Ha: 45, tonnes_Per_Ha_Adjusted: 45 });
    expect(saved.version).toBeGreaterThan(w.version.c10b01);
    close(saved.originalEstimate, 90);
    close(saved.adjustedEstimate, 90);
    close(saved.remaining_Tonnes, 87.6);
    close(saved.percentage_Complete, (2.4 / 90) * 100);
    expect(await row(w.puc.c10, w.block.c10b01)).toEqual(saved);

    const h = await history(w.block.c10b01);
    expect(h.entries.map((e) => [e.id, e.tonnes_Per_Ha, e.tonnes_Per_Ha_Adjusted])).toEqual([
      [saved.version, 45, 45],
      [w.version.c10b01, 50, 40],
    ]);
    expect(h.entries[0]!.createdBy).toBe(w.a.userId);
    expect(h.entries[0]!.createdByName).toBe(`Member ${w.a.canary}`);
    expect(new Date(h.entries[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(h.entries[1]!.createdAt).getTime());
  });

  it('leaves the original empty when there was none', async () => {
    const res = await save({ production_Block: w.block.c10b02, ha: 1.5, tonnes_Per_Ha: 5, version: w.version.c10b02 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ tonnes_Per_Ha: null, tonnes_Per_Ha_Adjusted: 5 });
    // a block with no estimate yet saves from version 0
    const first = await save({ production_Block: w.block.c10b03, ha: 3, tonnes_Per_Ha: 12, version: 0 });
    expect(first.statusCode, first.body).toBe(201);
    const b03 = first.json<BlockReportRowResponse>();
    expect(b03).toMatchObject({ tonnes_Per_Ha: null, tonnes_Per_Ha_Adjusted: 12, isCompleted: true });
    close(b03.adjustedEstimate, 36);
  });

  it('refuses rows without a linked block', async () => {
    const res = await save({ production_Block: w.block.c10u01, ha: 1, tonnes_Per_Ha: 10, version: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: UNLINKED_BLOCK_MESSAGE });
    expect((await history(w.block.c10u01)).entries).toEqual([]);
  });

  it('accepts adjusted T/Ha from 0 to 400 and refuses anything outside, on the server', async () => {
    for (const bad of [-0.01, 400.01, '40', null]) {
      const res = await save({ production_Block: w.block.c2b01, ha: 4, tonnes_Per_Ha: bad, version: w.version.c2b01 });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details).toContainEqual({ field: 'tonnes_Per_Ha', message: ADJUSTED_TONNES_PER_HA_MESSAGE, reason: 'adjusted-tonnes-per-ha-range' });
    }
    const zero = await save({ production_Block: w.block.c2b01, ha: 4, tonnes_Per_Ha: 0, version: w.version.c2b01 });
    expect(zero.statusCode, zero.body).toBe(201);
    const max = await save({ production_Block: w.block.c2b01, ha: 4, tonnes_Per_Ha: 400, version: zero.json().version });
    expect(max.statusCode, max.body).toBe(201);
    expect(max.json()).toMatchObject({ tonnes_Per_Ha_Adjusted: 400 });
    expect((await history(w.block.c2b01)).entries.map((e) => e.tonnes_Per_Ha_Adjusted)).toEqual([400, 0, 30]);
  });

  it('answers 412 to a save based on a version someone else replaced, and overwrites nothing', async () => {
    const first = await save({ production_Block: w.block.c1b01, ha: 1, tonnes_Per_Ha: 11, version: w.version.c1b01 });
    expect(first.statusCode).toBe(201);
    const second = await save({ production_Block: w.block.c1b01, ha: 1, tonnes_Per_Ha: 99, version: w.version.c1b01 });
    expect(second.statusCode).toBe(412);
    expect(second.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', message: ESTIMATE_CONFLICT_MESSAGE });
    expect((await row(w.puc.c1, w.block.c1b01)).tonnes_Per_Ha_Adjusted).toBe(11);
    expect((await history(w.block.c1b01)).entries).toHaveLength(2);
  });

  it('lets exactly one of two simultaneous saves from the same version win', async () => {
    const current = (await row(w.puc.c10, w.block.c10b02)).version;
    const before = (await history(w.block.c10b02)).entries.length;
    const results = await Promise.all([
      save({ production_Block: w.block.c10b02, ha: 1.5, tonnes_Per_Ha: 7, version: current }),
      save({ production_Block: w.block.c10b02, ha: 1.5, tonnes_Per_Ha: 8, version: current }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 412]);
    const winner = results.find((r) => r.statusCode === 201)!.json<BlockReportRowResponse>();
    expect((await history(w.block.c10b02)).entries).toHaveLength(before + 1);
    expect((await row(w.puc.c10, w.block.c10b02)).tonnes_Per_Ha_Adjusted).toBe(winner.tonnes_Per_Ha_Adjusted);
  });

  it('keeps the stored hectares when the save carries none (null or missing), never 0', async () => {
    const [linked] = await t.db.select().from(productionBlocks).where(eq(productionBlocks.id, w.block.c1b01));
    const [d1] = await t.db.select().from(farmBlocks).where(eq(farmBlocks.id, linked!.farmBlockId!));
    const [d9] = await t.db
      .insert(farmBlocks)
      .values({ organizationId: w.a.organizationId, farmId: d1!.farmId, name: 'D9', ha: 2.5, varietyId: d1!.varietyId })
      .returning();
    const [b09] = await t.db
      .insert(productionBlocks)
      .values({ organizationId: w.a.organizationId, pucId: w.puc.c1, code: 'B09', varietyId: linked!.varietyId, farmBlockId: d9!.id })
      .returning();

    // no estimate yet: the linked farm block's hectares
    const first = await save({ production_Block: b09!.id, ha: null, tonnes_Per_Ha: 20, version: 0 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ha: 2.5, tonnes_Per_Ha_Adjusted: 20 });
    close(first.json<BlockReportRowResponse>().adjustedEstimate, 50);

    // the farm block changed since: the estimate's hectares are kept, as the report shows them
    await t.db.update(farmBlocks).set({ ha: 3 }).where(eq(farmBlocks.id, d9!.id));
    const second = await save({ production_Block: b09!.id, tonnes_Per_Ha: 30, version: first.json<BlockReportRowResponse>().version });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ ha: 2.5, tonnes_Per_Ha_Adjusted: 30 });
    close(second.json<BlockReportRowResponse>().adjustedEstimate, 75);
    expect(await row(w.puc.c1, b09!.id)).toEqual(second.json());
    expect((await history(b09!.id)).entries.map((e) => [e.ha, e.tonnes_Per_Ha_Adjusted])).toEqual([
      [2.5, 30],
      [2.5, 20],
    ]);
  });

  it('answers 404 for a block that does not exist', async () => {
    const res = await save({ production_Block: 999_999, ha: 1, tonnes_Per_Ha: 1, version: 0 });
    expect(res.statusCode).toBe(404);
    const estimates = await t.db
      .select({ n: count() })
      .from(yieldEstimates)
      .where(and(eq(yieldEstimates.productionBlockId, 999_999)));
    expect(estimates[0]!.n).toBe(0);
  });
});
