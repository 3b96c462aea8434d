/**
 * Picking schedules honour the caller's farm assignments (data-rules/farm-scope). On the picking world plus
 * two more farms of A (FA2 with PUC C2, row A3 = C2/Navel/PH1 with a week and a daily cell; FA3 with
 * PUC C3, row A4 = C3/Valencia/PH2), a member assigned FA and FA3 sees those two farms in every
 * filter, schedule and export; a member with no farm sees none; a row or PUC reached only through
 * FA2 answers 404, and a filter naming FA2 matches nothing, exactly as another organisation's do.
 * P's member, who has no farm at all, still sees every row addressed to P's packhouses.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  PICKING_MESSAGES,
  PICKING_PATHS,
  type PickingFiltersResponse,
  type PickingSchedulePage,
  type PucSchedulePage,
} from '@orchard/shared/picking';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { farms, fruitBinEstimates, legalEntities, pickingEstimates, pickingEstimateWeeks, productionBlocks, pucs } from '../../db/schema/index';
import { createMemberWith, createPickingWorld, fixedClock, TODAY, type PickingWorld } from '../../../test/helpers/picking-world';

const rowPath = (id: number) => PICKING_PATHS.producerRow.replace(':id', String(id));

describe('picking schedules and farm assignments', () => {
  let t: TestApp;
  let w: PickingWorld;
  const ids = {} as { le2: number; fa2: number; fa3: number; c2: number; c3: number; a3: number; a4: number; two: number; none: number };

  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const get = async <T>(userId: number, url: string, organizationId = w.a.organizationId): Promise<T> => {
    const res = await as(userId, organizationId, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const producerRows = async (userId: number, query = '') =>
    (await get<PickingSchedulePage>(userId, `${PICKING_PATHS.producerSchedule}${query}`)).rows.map((r) => r.id).sort((x, y) => x - y);
  const pucRows = async (userId: number, query = '') =>
    [...new Set((await get<PucSchedulePage>(userId, `${PICKING_PATHS.pucSchedule}${query}`)).rows.map((r) => r.puc))].sort((x, y) => x - y);
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock() });
    w = await createPickingWorld(t);
    const a = w.a.organizationId;
    const [le2] = await t.db.insert(legalEntities).values({ organizationId: a, name: 'LE-A2' }).returning();
    const [fa2, fa3] = await t.db
      .insert(farms)
      .values([
        { organizationId: a, legalEntityId: le2!.id, farmName: 'FA2' },
        { organizationId: a, legalEntityId: w.legalEntity.a, farmName: 'FA3' },
      ])
      .returning();
    const [c2, c3] = await t.db
      .insert(pucs)
      .values([
        { organizationId: a, farmId: fa2!.id, pucName: 'C2' },
        { organizationId: a, farmId: fa3!.id, pucName: 'C3' },
      ])
      .returning();
    await t.db.insert(productionBlocks).values([
      { organizationId: a, pucId: c2!.id, code: 'B01', varietyId: w.variety.navel },
      { organizationId: a, pucId: c3!.id, code: 'B01', varietyId: w.variety.valencia },
    ]);
    const [a3, a4] = await t.db
      .insert(pickingEstimates)
      .values([
        { organizationId: a, pucId: c2!.id, varietyId: w.variety.navel, packhouseId: w.ph.ph1, expectedProjectedTonnes: 20, avgBinWeight: 400 },
        { organizationId: a, pucId: c3!.id, varietyId: w.variety.valencia, packhouseId: w.ph.ph2 },
      ])
      .returning();
    await t.db.insert(pickingEstimateWeeks).values({ pickingEstimateId: a3!.id, year: 2026, week: 11, binCount: 11 });
    await t.db
      .insert(fruitBinEstimates)
      .values({ organizationId: a, pucId: c2!.id, varietyId: w.variety.navel, date: TODAY, bins: 5, packhouseId: w.ph.ph1, pickingProgressId: w.progress.picking });
    const permissions = [PERMISSIONS.pickingView, PERMISSIONS.pickingEdit];
    const two = await createMemberWith(t, a, 'picking-two-farms', permissions, [w.farm.a, fa3!.id]);
    const none = await createMemberWith(t, a, 'picking-no-farms', permissions);
    Object.assign(ids, { le2: le2!.id, fa2: fa2!.id, fa3: fa3!.id, c2: c2!.id, c3: c3!.id, a3: a3!.id, a4: a4!.id, two, none });
  });
  beforeEach(() => {
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers only the assigned farms, their legal entities and varieties as filters', async () => {
    const filters = await get<PickingFiltersResponse>(ids.two, PICKING_PATHS.filters);
    expect(filters.farms.map((f) => f.id)).toEqual([w.farm.a, ids.fa3]);
    expect(filters.producers.map((p) => p.id)).toEqual([w.legalEntity.a]);
    expect(filters.varieties.map((v) => v.variety_Name)).toEqual(['Navel', 'Valencia']);
    expect((await get<PickingFiltersResponse>(ids.two, `${PICKING_PATHS.filters}?farms=${ids.fa3}`)).varieties.map((v) => v.variety_Name)).toEqual(['Valencia']);
    // A's member: FA only
    expect((await get<PickingFiltersResponse>(w.a.userId, PICKING_PATHS.filters)).farms.map((f) => f.id)).toEqual([w.farm.a]);
  });

  it('shows only rows and PUCs of the assigned farms in the PUC schedule, producer view and export', async () => {
    expect(await pucRows(ids.two)).toEqual(sorted([w.puc.a, ids.c3]));
    expect(await producerRows(ids.two)).toEqual(sorted([w.row.a1, w.row.a2, ids.a4]));
    expect(await producerRows(w.a.userId)).toEqual(sorted([w.row.a1, w.row.a2]));
    const page = await get<PickingSchedulePage>(ids.two, PICKING_PATHS.producerSchedule);
    // FA2's 11 bins in week 11 are not in the footer: A1's 40 only
    expect(page.footer.find((f) => f.week === 11)?.total).toBe(40);
    const csv = await as(ids.two, w.a.organizationId, { method: 'GET', url: PICKING_PATHS.producerExport });
    expect(csv.statusCode, csv.body).toBe(200);
    const records = parse(csv.body.slice('sep=,\r\n'.length), { relax_column_count: true }) as string[][];
    const pucColumn = records.slice(1).map((r) => r[1]);
    expect(pucColumn).toEqual(expect.arrayContaining([`C1 ${w.a.canary}`, 'C3']));
    expect(pucColumn).not.toContain('C2');
  });

  it('matches nothing for a filter naming an unassigned farm or its legal entity, as for another organisation', async () => {
    for (const query of [`?farms=${ids.fa2}`, `?farms=${w.farm.b}`, `?producers=${ids.le2}`, `?producers=${w.legalEntity.b}`]) {
      expect(await producerRows(ids.two, query), query).toEqual([]);
    }
    expect(await pucRows(ids.two, `?farms=${ids.fa2}`)).toEqual([]);
    expect(await pucRows(ids.two, `?farms=${w.farm.b}`)).toEqual([]);
    expect((await get<PickingFiltersResponse>(ids.two, `${PICKING_PATHS.filters}?farms=${ids.fa2}`)).varieties).toEqual([]);
  });

  it('answers 404 for a row or PUC reached only through an unassigned farm, and writes nothing', async () => {
    const weeksBefore = await t.db.select().from(pickingEstimateWeeks).where(eq(pickingEstimateWeeks.pickingEstimateId, ids.a3));
    const [a3] = await t.db.select().from(pickingEstimates).where(eq(pickingEstimates.id, ids.a3));
    const cellsBefore = await t.db.select().from(fruitBinEstimates).where(eq(fruitBinEstimates.pucId, ids.c2));
    for (const options of [
      { method: 'PUT', url: rowPath(ids.a3), payload: { packhouse: w.ph.ph1, version: a3!.version, weeks: [{ year: 2026, week: 12, binCount: 99 }] } },
      { method: 'PUT', url: rowPath(ids.a3), payload: { packhouse: w.ph.ph1, version: a3!.version + 5, weeks: [] } },
      { method: 'POST', url: PICKING_PATHS.producerRows, payload: { puc: ids.c2, variety: w.variety.navel, packhouse: w.ph.ph2, weeks: [] } },
      {
        method: 'PUT',
        url: PICKING_PATHS.pucScheduleCells,
        payload: { puc: ids.c2, variety: w.variety.navel, date: TODAY, bins: 9, packhouse: w.ph.ph1, pickingProgress: w.progress.picking, version: cellsBefore[0]!.version },
      },
    ] as InjectOptions[]) {
      const res = await as(ids.two, w.a.organizationId, options);
      expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await t.db.select().from(pickingEstimateWeeks).where(eq(pickingEstimateWeeks.pickingEstimateId, ids.a3))).toEqual(weeksBefore);
    expect((await t.db.select().from(pickingEstimates).where(eq(pickingEstimates.pucId, ids.c2))).map((r) => ({ ...r }))).toEqual([{ ...a3! }]);
    expect(await t.db.select().from(fruitBinEstimates).where(eq(fruitBinEstimates.pucId, ids.c2))).toEqual(cellsBefore);
  });

  it('shows a member with no farm assigned no farm, producer, row or PUC', async () => {
    const filters = await get<PickingFiltersResponse>(ids.none, PICKING_PATHS.filters);
    expect([filters.farms, filters.producers, filters.varieties]).toEqual([[], [], []]);
    expect(filters.packhouses.map((p) => p.id)).toEqual([w.ph.ph1, w.ph.ph2]);
    expect(await producerRows(ids.none)).toEqual([]);
    expect(await pucRows(ids.none)).toEqual([]);
    const csv = await as(ids.none, w.a.organizationId, { method: 'GET', url: PICKING_PATHS.producerExport });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.message).toBe(PICKING_MESSAGES.noRowsToExport);
    const [a1] = await t.db.select().from(pickingEstimates).where(eq(pickingEstimates.id, w.row.a1));
    expect((await as(ids.none, w.a.organizationId, { method: 'PUT', url: rowPath(w.row.a1), payload: { packhouse: w.ph.ph1, version: a1!.version, weeks: [] } })).statusCode).toBe(404);
  });

  it("still shows P's member, who has no farm, every row addressed to P's packhouses, with their farms and producers", async () => {
    const page = await get<PickingSchedulePage>(w.p.userId, PICKING_PATHS.packhouseSchedule, w.p.organizationId);
    expect(page.rows.map((r) => r.id).sort((x, y) => x - y)).toEqual(sorted([w.row.a1, w.row.a2, ids.a3, ids.a4, w.row.b1]));
    const filters = await get<PickingFiltersResponse>(w.p.userId, `${PICKING_PATHS.filters}?view=packhouse`, w.p.organizationId);
    expect(sorted(filters.farms.map((f) => f.id))).toEqual(sorted([w.farm.a, ids.fa2, ids.fa3, w.farm.b]));
    expect(sorted(filters.producers.map((p) => p.id))).toEqual(sorted([w.legalEntity.a, ids.le2, w.legalEntity.b]));
    const csv = await as(w.p.userId, w.p.organizationId, { method: 'GET', url: PICKING_PATHS.packhouseExport });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('C2');
  });
});
