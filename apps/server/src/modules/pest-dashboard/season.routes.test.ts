/** The season at a glance shows the harvest report's and the capacity table's own figures. */
import { HARVEST_PATHS, type PucReportPage } from '@orchard/shared/harvest';
import { PEST_DASHBOARD_PATHS, type SeasonAtAGlanceResponse } from '@orchard/shared/pest-dashboard';
import { PICKING_PATHS, type CapacityPage } from '@orchard/shared/picking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { createPickingWorld, fixedClock, type PickingWorld } from '../../../test/helpers/picking-world';

describe('season at a glance: harvest', () => {
  let t: TestApp;
  let w: HarvestWorld;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => new Date('2025-06-30T08:00:00+02:00') } });
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the Harvest PUC report's totals: tonnes harvested beside the season's estimate", async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    const glance = (await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.season, headers })).json() as SeasonAtAGlanceResponse;
    const report = (await t.app.inject({ method: 'GET', url: HARVEST_PATHS.pucReport, headers })).json() as PucReportPage;
    expect(glance.harvest).toEqual({
      season: 2025,
      harvestedTonnes: report.totals.combinedTonnes,
      remainingTonnes: report.totals.remainingTonnes,
      estimateTonnes: report.totals.combinedTonnes + report.totals.remainingTonnes,
      percentComplete: (report.totals.combinedTonnes / (report.totals.combinedTonnes + report.totals.remainingTonnes)) * 100,
      blocksEstimated: report.totals.blocksEstimated,
    });
    // C10: 9600 kg tipped and 5 untipped bins at 400 kg; C2: 4000 kg; C1: 12000 kg
    expect(glance.harvest!.harvestedTonnes).toBeCloseTo(27.6, 9);
  });
});

describe('season at a glance: bins this ISO week', () => {
  let t: TestApp;
  let w: PickingWorld;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock() });
    w = await createPickingWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the capacity table's week of today for the packhouses the organisation runs", async () => {
    const headers = await t.headersFor(w.p.userId, w.p.organizationId);
    const glance = (await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.season, headers })).json() as SeasonAtAGlanceResponse;
    const table = (await t.app.inject({ method: 'GET', url: PICKING_PATHS.capacities, headers })).json() as CapacityPage;
    const ph1 = table.rows.find((r) => r.packhouse === w.ph.ph1)!.weeks['2026-W11']!;
    // PH1 in week 11: A's row 40 bins and B's row 7, capacity 500
    expect([ph1.totalBins, ph1.capacity]).toEqual([47, 500]);
    expect(glance.packhouseWeek).toEqual({
      year: 2026,
      week: 11,
      packhouses: expect.arrayContaining([{ packhouseId: w.ph.ph1, packhouseName: expect.any(String), bins: 47, capacity: 500 }]),
      totalBins: 47,
      totalCapacity: 500,
    });
    expect(glance.packhouseWeek!.packhouses).toHaveLength(table.rows.length);
    // the packers hold neither harvest.reports nor dashboard.pest
    expect([glance.harvest, glance.scouting]).toEqual([null, null]);
  });
});
