import { PERMISSIONS } from '@orchard/shared/core';
import { PICKING_MESSAGES, PICKING_PATHS, WHOLE_NUMBER_MESSAGE } from '@orchard/shared/picking';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { runTenantCase, type TenantCase } from '../../../test/helpers/tenant-matrix';
import { exportLogs, fruitBinEstimates, packhouseCapacities, pickingEstimates, pickingEstimateWeeks } from '../../db/schema/index';
import { createMemberWith, createPickingWorld, fixedClock, TODAY, type PickingWorld } from '../../../test/helpers/picking-world';

const rowPath = (id: number) => PICKING_PATHS.producerRow.replace(':id', String(id));
const capacityPath = (id: number) => PICKING_PATHS.packhouseCapacity.replace(':packhouseId', String(id));

describe('picking schedules', () => {
  let t: TestApp;
  let w: PickingWorld;

  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (options: InjectOptions) => as(w.a.userId, w.a.organizationId, options);
  const asP = (options: InjectOptions) => as(w.p.userId, w.p.organizationId, options);

  const weeksOf = async (rowId: number) =>
    (await t.db.select().from(pickingEstimateWeeks).where(eq(pickingEstimateWeeks.pickingEstimateId, rowId)))
      .map((x) => ({ year: x.year, week: x.week, binCount: x.binCount }))
      .sort((x, y) => x.week - y.week);
  const rowOf = async (rowId: number) => (await t.db.select().from(pickingEstimates).where(eq(pickingEstimates.id, rowId)))[0]!;
  const capacityOf = async (packhouseId: number, week: number) =>
    (
      await t.db
        .select()
        .from(packhouseCapacities)
        .where(and(eq(packhouseCapacities.packhouseId, packhouseId), eq(packhouseCapacities.year, 2026), eq(packhouseCapacities.week, week)))
    )[0] ?? null;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock() });
    w = await createPickingWorld(t);
  });
  beforeEach(() => {
  });
  afterAll(async () => {
    await t.close();
  });

  describe('filters and progress types', () => {
    it("answers the producer view's options of the organisation only", async () => {
      const res = await asA({ method: 'GET', url: PICKING_PATHS.filters });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.packhouses.map((p: { id: number }) => p.id)).toEqual([w.ph.ph1, w.ph.ph2]);
      expect(body.packhouses[0]).toMatchObject({ name: 'PH1 Kirkwood', shortName: 'KWD', owned: false });
      expect(body.producers).toEqual([{ id: w.legalEntity.a, name: `LE-A ${w.a.canary}` }]);
      expect(body.farms).toEqual([{ id: w.farm.a, farm_Name: `FA ${w.a.canary}`, legal_Entity: w.legalEntity.a }]);
      expect(body.varieties.map((v: { variety_Name: string }) => v.variety_Name)).toEqual(['Navel', 'Valencia']);
      expect(res.body).not.toContain(w.b.canary);
    });

    it('narrows varieties to the farms asked for; a foreign farm matches nothing', async () => {
      const res = await asA({ method: 'GET', url: `${PICKING_PATHS.filters}?farms=${w.farm.b}` });
      expect(res.json().varieties).toEqual([]);
    });

    it("answers the packhouse view's options from rows addressed to the packhouses the organisation owns", async () => {
      const res = await asP({ method: 'GET', url: `${PICKING_PATHS.filters}?view=packhouse` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.packhouses.map((p: { id: number; owned: boolean }) => [p.id, p.owned])).toEqual([
        [w.ph.ph1, true],
        [w.ph.ph2, true],
      ]);
      expect(body.producers.map((p: { id: number }) => p.id).sort()).toEqual([w.legalEntity.a, w.legalEntity.b].sort());
    });

    it('lists picking progress types', async () => {
      const res = await asA({ method: 'GET', url: PICKING_PATHS.progressTypes });
      expect(res.json()).toEqual([
        { id: w.progress.notStarted, picking_Progress_Type: 'Not Started' },
        { id: w.progress.picking, picking_Progress_Type: 'Picking' },
      ]);
    });
  });

  describe('picking schedule by PUC', () => {
    const cell = (overrides: Record<string, unknown> = {}) => ({
      puc: w.puc.a,
      variety: w.variety.navel,
      date: TODAY,
      bins: 12,
      packhouse: w.ph.ph1,
      pickingProgress: w.progress.picking,
      version: null,
      ...overrides,
    });
    const save = (body: object) => asA({ method: 'PUT', url: PICKING_PATHS.pucScheduleCells, payload: body });

    it('shows 14 days from the Monday of this week, PUC x variety rows and the estimate total tonnes', async () => {
      const res = await asA({ method: 'GET', url: PICKING_PATHS.pucSchedule });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.days).toHaveLength(14);
      expect(page.days[0]).toEqual({ date: '2026-03-09', header: '09-Mar', isToday: false, isPast: true });
      expect(page.days[2]).toMatchObject({ date: TODAY, isToday: true, isPast: false });
      expect(page.endBound).toBe('2026-03-29');
      expect(page.rows.map((r: { varietyName: string; estimateTotalTonnes: number }) => [r.varietyName, r.estimateTotalTonnes])).toEqual([
        ['Navel', 86],
        ['Valencia', 0],
      ]);
      expect(page.rows[0].cells).toHaveLength(14);
      expect(page).toMatchObject({ total: 2, page: 1, pageSize: 15 });
      expect(res.body).not.toContain(w.b.canary);
    });

    it('accepts page sizes 15, 20 and 30 only', async () => {
      expect((await asA({ method: 'GET', url: `${PICKING_PATHS.pucSchedule}?pageSize=30` })).statusCode).toBe(200);
      expect((await asA({ method: 'GET', url: `${PICKING_PATHS.pucSchedule}?pageSize=50` })).statusCode).toBe(400);
    });

    it.each([
      ['packhouse missing', { packhouse: null }, 'Please Select a Packhouse'],
      ['packhouse 0', { packhouse: 0 }, 'Please Select a Packhouse'],
      ['both missing', { packhouse: undefined, pickingProgress: undefined }, 'Please Select a Packhouse'],
      ['progress missing', { pickingProgress: null }, 'Please Select a Picking Progress'],
    ])('refuses a cell with %s: %s', async (_name, overrides, message) => {
      const res = await save(cell(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it.each([['-1'], [-1], ['123456'], [100000], ['1.5'], ['']])('refuses bins %j (1 to 5 digits, min 0)', async (bins) => {
      expect((await save(cell({ bins }))).statusCode).toBe(400);
    });

    it('refuses emptying a saved cell with the whole-number message and keeps its bins', async () => {
      const created = await save(cell({ date: '2026-03-13', bins: 7 }));
      expect(created.statusCode, created.body).toBe(200);
      const saved = created.json();
      for (const bins of [null, '', undefined]) {
        const res = await save(cell({ date: '2026-03-13', bins, version: saved.version }));
        expect(res.statusCode, JSON.stringify(bins)).toBe(400);
        expect(res.json().error.details).toEqual([{ field: 'bins', message: WHOLE_NUMBER_MESSAGE, reason: 'whole-number-invalid' }]);
      }
      const [row] = await t.db.select().from(fruitBinEstimates).where(eq(fruitBinEstimates.id, saved.id));
      expect(row).toMatchObject({ bins: 7, version: saved.version });
    });

    it('refuses days before today and after the 14 shown days', async () => {
      const past = await save(cell({ date: '2026-03-10' }));
      expect(past.statusCode).toBe(400);
      expect(past.json().error.message).toBe(PICKING_MESSAGES.pastDay);
      expect((await save(cell({ date: '2026-03-23' }))).statusCode).toBe(400);
      expect((await save(cell({ date: '2026-03-22' }))).statusCode).toBe(200);
    });

    it('saves a cell, answers it with its id, and refuses a stale version (412) without overwriting', async () => {
      const created = await save(cell({ date: '2026-03-12', bins: '00012' }));
      expect(created.statusCode, created.body).toBe(200);
      const saved = created.json();
      expect(saved).toMatchObject({ id: expect.any(Number), date: '2026-03-12', bins: 12, version: 1, packhouse: w.ph.ph1 });

      // a second "new" cell for the same day: someone else was first
      const again = await save(cell({ date: '2026-03-12', bins: 99 }));
      expect(again.statusCode).toBe(412);
      expect(again.json().error.message).toBe(PICKING_MESSAGES.cellConflict);

      const updated = await save(cell({ date: '2026-03-12', bins: 20, version: 1, pickingProgress: w.progress.notStarted }));
      expect(updated.json()).toMatchObject({ id: saved.id, bins: 20, version: 2, pickingProgress: w.progress.notStarted });
      const stale = await save(cell({ date: '2026-03-12', bins: 33, version: 1 }));
      expect(stale.statusCode).toBe(412);
      const [row] = await t.db.select().from(fruitBinEstimates).where(eq(fruitBinEstimates.id, saved.id));
      expect(row).toMatchObject({ bins: 20, version: 2, userId: w.a.userId });

      const page = (await asA({ method: 'GET', url: PICKING_PATHS.pucSchedule })).json();
      const navel = page.rows.find((r: { variety: number }) => r.variety === w.variety.navel);
      expect(navel.cells[3]).toEqual({ id: saved.id, date: '2026-03-12', bins: 20, packhouse: w.ph.ph1, pickingProgress: w.progress.notStarted, version: 2 });
      // the row's dropdowns follow the latest dated cell (2026-03-22 above)
      expect(navel).toMatchObject({ packhouse: w.ph.ph1, pickingProgress: w.progress.picking });
    });

    it('answers 404 for a PUC of another organisation, a variety not grown, a packhouse not linked and an unknown progress', async () => {
      expect((await save(cell({ puc: w.puc.b }))).statusCode).toBe(404);
      expect((await save(cell({ variety: 999_999 }))).statusCode).toBe(404);
      expect((await save(cell({ packhouse: w.ph.ph3 }))).statusCode).toBe(404);
      expect((await save(cell({ pickingProgress: 999_999 }))).statusCode).toBe(404);
    });
  });

  describe('producer view', () => {
    it("shows the organisation's rows with every column, weeks and actuals of the window, totals and footer", async () => {
      const res = await asA({ method: 'GET', url: PICKING_PATHS.producerSchedule });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.window).toMatchObject({ pagerDate: TODAY, today: TODAY, from: '2026-02-16', to: '2026-04-19', minimumDate: '2026-03-03', lastDate: '2026-03-23' });
      expect(page.weeks.map((c: { week: number; readonly: boolean; color: string }) => `${c.week}:${c.readonly ? 'ro' : 'rw'}:${c.color}`)).toEqual([
        '8:ro:grey', '9:ro:grey', '10:ro:grey', '11:rw:light-blue', '12:rw:orange', '13:ro:grey', '14:ro:grey', '15:ro:grey', '16:ro:grey',
      ]);
      expect(page.rows.map((r: { id: number }) => r.id)).toEqual([w.row.a1, w.row.a2]);
      const a1 = page.rows[0];
      expect(a1).toMatchObject({
        puc: w.puc.a,
        pucName: `C1 ${w.a.canary}`,
        variety: w.variety.navel,
        varietyName: 'Navel',
        farm: w.farm.a,
        legalEntity: w.legalEntity.a,
        legalEntityName: `LE-A ${w.a.canary}`,
        packhouse: w.ph.ph1,
        packhouseName: 'PH1 Kirkwood',
        region: 'Sundays River Valley',
        affiliation: 'Int',
        commodity: 'Oranges',
        estimatedFirstWeek: 9,
        expectedProjectedTonnes: 100,
        firstProjectedTonnes: 90,
        avgBinWeight: 400,
        projectedTotalBins: 250,
        total: 70,
        difference: 180,
        version: 1,
      });
      expect(a1.weeks.map((x: { week: number; binCount: number; audit: string }) => [x.week, x.binCount, x.audit.startsWith('Member ')])).toEqual([
        [10, 30, true],
        [11, 40, true],
      ]);
      expect(a1.actuals).toEqual([
        { year: 2026, week: 10, binCount: 3 },
        { year: 2026, week: 11, binCount: 2 },
      ]);
      expect(page.rows[1]).toMatchObject({ packhouse: w.ph.ph2, affiliation: 'Joint', commodity: 'Oranges', region: null, projectedTotalBins: null, difference: null });
      expect(page.footer.find((f: { week: number }) => f.week === 11)).toEqual({ year: 2026, week: 11, total: 40 });
      expect(res.body).not.toContain(w.b.canary);
    });

    it('filters by packhouse (one packhouse for packhouse users), producer, farm and variety; foreign ids match nothing', async () => {
      const ids = async (query: string) => (await asA({ method: 'GET', url: `${PICKING_PATHS.producerSchedule}?${query}` })).json().rows.map((r: { id: number }) => r.id);
      expect(await ids(`packhouses=${w.ph.ph2}`)).toEqual([w.row.a2]);
      expect(await ids(`packhouses=${w.ph.ph1},${w.ph.ph2}`)).toEqual([w.row.a1, w.row.a2]);
      expect(await ids(`varieties=${w.variety.navel}`)).toEqual([w.row.a1]);
      expect(await ids(`producers=${w.legalEntity.b}`)).toEqual([]);
      expect(await ids(`farms=${w.farm.b}`)).toEqual([]);
      expect(await ids(`farms=${w.farm.a}&producers=${w.legalEntity.a}`)).toEqual([w.row.a1, w.row.a2]);
    });

    it('pages the week window with the pager date', async () => {
      const page = (await asA({ method: 'GET', url: `${PICKING_PATHS.producerSchedule}?pagerDate=2026-12-30` })).json();
      expect(page.weeks.map((c: { year: number; week: number }) => `${c.year}-${c.week}`)).toEqual([
        '2026-50', '2026-51', '2026-52', '2026-53', '2027-1', '2027-2', '2027-3', '2027-4', '2027-5',
      ]);
      expect(page.weeks.every((c: { readonly: boolean }) => c.readonly)).toBe(true);
      expect(page.rows[0].weeks).toEqual([]);
      expect((await asA({ method: 'GET', url: `${PICKING_PATHS.producerSchedule}?pagerDate=2026-02-30` })).statusCode).toBe(400);
    });

    describe('saving a row', () => {
      const put = (id: number, body: object) => asA({ method: 'PUT', url: rowPath(id), payload: body });

      it('saves changed weeks, bumps the version and answers the recomputed row', async () => {
        const before = await rowOf(w.row.a1);
        const res = await put(w.row.a1, {
          packhouse: w.ph.ph1,
          version: before.version,
          expectedProjectedTonnes: 120,
          weeks: [
            { year: 2026, week: 10, binCount: 30 }, // unchanged read-only week: fine
            { year: 2026, week: 11, binCount: 45 },
            { year: 2026, week: 12, binCount: '0' },
          ],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ version: before.version + 1, expectedProjectedTonnes: 120, projectedTotalBins: 300, total: 75, difference: 225 });
        expect(await weeksOf(w.row.a1)).toEqual([
          { year: 2026, week: 10, binCount: 30 },
          { year: 2026, week: 11, binCount: 45 },
          { year: 2026, week: 12, binCount: 0 },
        ]);
        // an empty cell clears the stored week
        const cleared = await put(w.row.a1, { packhouse: w.ph.ph1, version: before.version + 1, weeks: [{ year: 2026, week: 12, binCount: null }] });
        expect(cleared.statusCode).toBe(200);
        expect((await weeksOf(w.row.a1)).map((x) => x.week)).toEqual([10, 11]);
      });

      it('refuses a whole save when one week is read-only: nothing is written', async () => {
        const before = await rowOf(w.row.a1);
        const weeksBefore = await weeksOf(w.row.a1);
        for (const week of [10, 13]) {
          const res = await put(w.row.a1, {
            packhouse: w.ph.ph1,
            version: before.version,
            avgBinWeight: 1,
            weeks: [
              { year: 2026, week: 12, binCount: 77 },
              { year: 2026, week, binCount: 5 },
            ],
          });
          expect(res.statusCode).toBe(400);
          expect(res.json().error.message).toBe(`Week ${week} of 2026 is read-only.`);
        }
        expect(await weeksOf(w.row.a1)).toEqual(weeksBefore);
        expect(await rowOf(w.row.a1)).toMatchObject({ version: before.version, avgBinWeight: before.avgBinWeight });
      });

      it.each([['123456'], [-1], ['1.5'], [100000]])('refuses bin count %j with 400', async (binCount) => {
        const before = await rowOf(w.row.a1);
        const res = await put(w.row.a1, { packhouse: w.ph.ph1, version: before.version, weeks: [{ year: 2026, week: 12, binCount }] });
        expect(res.statusCode).toBe(400);
      });

      it('refuses a week that does not exist and a week named twice', async () => {
        const before = await rowOf(w.row.a1);
        expect((await put(w.row.a1, { packhouse: w.ph.ph1, version: before.version, weeks: [{ year: 2026, week: 53, binCount: 1 }] })).statusCode).toBe(400);
        const twice = await put(w.row.a1, {
          packhouse: w.ph.ph1,
          version: before.version,
          weeks: [
            { year: 2026, week: 12, binCount: 1 },
            { year: 2026, week: 12, binCount: 2 },
          ],
        });
        expect(twice.statusCode).toBe(400);
      });

      it('needs a packhouse ("Please Select a Packhouse")', async () => {
        const before = await rowOf(w.row.a1);
        const res = await put(w.row.a1, { packhouse: null, version: before.version, weeks: [] });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Please Select a Packhouse');
      });

      it('refuses a packhouse change while a stored week has bins (409), allows it without', async () => {
        const before = await rowOf(w.row.a1);
        const locked = await put(w.row.a1, { packhouse: w.ph.ph2, version: before.version, weeks: [] });
        expect(locked.statusCode).toBe(409);
        expect(locked.json().error.message).toBe(PICKING_MESSAGES.packhouseLocked);
        expect(await rowOf(w.row.a1)).toMatchObject({ packhouseId: w.ph.ph1, version: before.version });

        // A2 has no weeks: its packhouse may change (but not to one the organisation does not use)
        const a2 = await rowOf(w.row.a2);
        expect((await put(w.row.a2, { packhouse: w.ph.ph3, version: a2.version, weeks: [] })).statusCode).toBe(404);
        const moved = await put(w.row.a2, { packhouse: w.ph.ph1, version: a2.version, weeks: [] });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json()).toMatchObject({ packhouse: w.ph.ph1, packhouseName: 'PH1 Kirkwood', version: a2.version + 1 });
        const back = await put(w.row.a2, { packhouse: w.ph.ph2, version: a2.version + 1, weeks: [] });
        expect(back.statusCode).toBe(200);
      });

      it('answers 412 to the second of two saves naming the same version; nothing is silently overwritten', async () => {
        const before = await rowOf(w.row.a1);
        const body = (binCount: number) => ({ packhouse: w.ph.ph1, version: before.version, weeks: [{ year: 2026, week: 12, binCount }] });
        const results = await Promise.all([put(w.row.a1, body(101)), put(w.row.a1, body(202))]);
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([200, 412]);
        const loser = results.find((r) => r.statusCode === 412)!;
        expect(loser.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', message: PICKING_MESSAGES.rowConflict });
        const winner = results.find((r) => r.statusCode === 200)!;
        const stored = (await weeksOf(w.row.a1)).find((x) => x.week === 12);
        expect(stored?.binCount).toBe(winner.json().weeks.find((x: { week: number }) => x.week === 12).binCount);
        expect((await rowOf(w.row.a1)).version).toBe(before.version + 1);
      });

      it('answers 404 for an unknown row', async () => {
        expect((await put(999_999, { packhouse: w.ph.ph1, version: 1, weeks: [] })).statusCode).toBe(404);
      });
    });

    describe('creating a row (duplicate with another packhouse)', () => {
      const post = (body: object) => asA({ method: 'POST', url: PICKING_PATHS.producerRows, payload: body });

      it('refuses the same PUC, packhouse and variety twice (409) and creates the copy with another packhouse (201)', async () => {
        const dup = await post({ puc: w.puc.a, variety: w.variety.navel, packhouse: w.ph.ph1, weeks: [] });
        expect(dup.statusCode).toBe(409);
        expect(dup.json().error.message).toBe(PICKING_MESSAGES.duplicateCombination);

        const noPackhouse = await post({ puc: w.puc.a, variety: w.variety.navel, packhouse: null, weeks: [] });
        expect(noPackhouse.statusCode).toBe(400);
        expect(noPackhouse.json().error.message).toBe('Please Select a Packhouse');

        const readOnly = await post({ puc: w.puc.a, variety: w.variety.navel, packhouse: w.ph.ph2, weeks: [{ year: 2026, week: 9, binCount: 3 }] });
        expect(readOnly.statusCode).toBe(400);

        const created = await post({
          puc: w.puc.a,
          variety: w.variety.navel,
          packhouse: w.ph.ph2,
          estimatedFirstWeek: 9,
          expectedProjectedTonnes: 100,
          avgBinWeight: 400,
          weeks: [{ year: 2026, week: 12, binCount: 10 }],
        });
        expect(created.statusCode, created.body).toBe(201);
        const row = created.json();
        expect(row).toMatchObject({ packhouse: w.ph.ph2, variety: w.variety.navel, version: 1, total: 10, difference: 240 });
        expect(row.weeks).toEqual([expect.objectContaining({ year: 2026, week: 12, binCount: 10 })]);

        // with bins stored the copy's packhouse is locked; once they are 0 it may move, but not onto the original's packhouse
        const locked = await asA({ method: 'PUT', url: rowPath(row.id), payload: { packhouse: w.ph.ph1, version: 1, weeks: [] } });
        expect(locked.json().error.message).toBe(PICKING_MESSAGES.packhouseLocked);
        const zero = await asA({ method: 'PUT', url: rowPath(row.id), payload: { packhouse: w.ph.ph2, version: 1, weeks: [{ year: 2026, week: 12, binCount: 0 }] } });
        expect(zero.statusCode).toBe(200);
        const clash = await asA({ method: 'PUT', url: rowPath(row.id), payload: { packhouse: w.ph.ph1, version: 2, weeks: [{ year: 2026, week: 12, binCount: 5 }] } });
        expect(clash.statusCode).toBe(409);
        expect(clash.json().error.message).toBe(PICKING_MESSAGES.duplicateCombination);
        expect(await weeksOf(row.id)).toEqual([{ year: 2026, week: 12, binCount: 0 }]);
        expect(await rowOf(row.id)).toMatchObject({ packhouseId: w.ph.ph2, version: 2 });
      });

      it("answers 404 for another organisation's PUC and a packhouse the organisation does not use", async () => {
        expect((await post({ puc: w.puc.b, variety: w.variety.navel, packhouse: w.ph.ph1, weeks: [] })).statusCode).toBe(404);
        expect((await post({ puc: w.puc.a, variety: w.variety.valencia, packhouse: w.ph.ph3, weeks: [] })).statusCode).toBe(404);
      });
    });
  });

  describe('packhouse view and capacity', () => {
    it('shows the packhouse owner every row addressed to its packhouses, read-only (saving one answers 404)', async () => {
      const res = await asP({ method: 'GET', url: PICKING_PATHS.packhouseSchedule });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      const ids = page.rows.map((r: { id: number }) => r.id);
      expect(ids).toEqual(expect.arrayContaining([w.row.a1, w.row.a2, w.row.b1]));
      expect(page.window).toMatchObject({ minimumDate: '2026-03-05', lastDate: '2026-03-17' });
      const b1 = page.rows.find((r: { id: number }) => r.id === w.row.b1);
      expect(b1).toMatchObject({ region: 'Sundays River Valley', affiliation: 'Int', commodity: 'Oranges', weeks: [expect.objectContaining({ week: 11, binCount: 7 })] });
      expect(b1.actuals).toEqual([{ year: 2026, week: 11, binCount: 1 }]);

      const filtered = (await asP({ method: 'GET', url: `${PICKING_PATHS.packhouseSchedule}?producers=${w.legalEntity.b}` })).json();
      expect(filtered.rows.map((r: { id: number }) => r.id)).toEqual([w.row.b1]);

      // P holds picking.edit here to prove the rows stay read-only for it
      const editor = await createMemberWith(t, w.p.organizationId, 'packer-editor', [PERMISSIONS.pickingView, PERMISSIONS.pickingEdit]);
      const a1 = await rowOf(w.row.a1);
      const save = await as(editor, w.p.organizationId, { method: 'PUT', url: rowPath(w.row.a1), payload: { packhouse: w.ph.ph1, version: a1.version, weeks: [] } });
      expect(save.statusCode).toBe(404);
      expect((await rowOf(w.row.a1)).version).toBe(a1.version);
    });

    it("the grower's packhouse view is empty: it owns no packhouse", async () => {
      const page = (await asA({ method: 'GET', url: PICKING_PATHS.packhouseSchedule })).json();
      expect(page.rows).toEqual([]);
      expect((await asA({ method: 'GET', url: PICKING_PATHS.capacities })).json().rows).toEqual([]);
    });

    it('answers capacity rows per owned packhouse and week: totalBins of every row addressed to it, capacity, tooltip', async () => {
      const res = await asP({ method: 'GET', url: PICKING_PATHS.capacities });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.rows.map((r: { packhouse: number }) => r.packhouse)).toEqual([w.ph.ph1, w.ph.ph2]);
      const ph1 = page.rows[0];
      expect(ph1.packhouseName).toBe('PH1 Kirkwood');
      expect(Object.keys(ph1.weeks)).toHaveLength(9);
      const week11 = ph1.weeks['2026-W11'];
      expect(week11).toMatchObject({ year: 2026, week: 11, capacity: 500, version: 1, tooltip: 'Week 11 of 2026', readonly: false });
      // A1's 40 (or what earlier tests saved) plus B1's 7
      const a1Week11 = (await weeksOf(w.row.a1)).find((x) => x.week === 11)!.binCount;
      expect(week11.totalBins).toBe(a1Week11 + 7);
      expect(ph1.weeks['2026-W13']).toMatchObject({ capacity: null, version: null, readonly: true, totalBins: 0 });
    });

    describe('saving capacity', () => {
      const put = (packhouseId: number, body: object, who = w.p.userId, org = w.p.organizationId) =>
        as(who, org, { method: 'PUT', url: capacityPath(packhouseId), payload: body });

      it('saves new and existing weeks with their versions', async () => {
        const res = await put(w.ph.ph1, {
          weeks: [
            { year: 2026, week: 11, capacity: 650, version: 1 },
            { year: 2026, week: 12, capacity: '1200', version: null },
          ],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().weeks['2026-W11']).toMatchObject({ capacity: 650, version: 2 });
        expect(res.json().weeks['2026-W12']).toMatchObject({ capacity: 1200, version: 1 });
      });

      it('answers 412 to a stale or already-created week and writes nothing of the save', async () => {
        const week11 = await capacityOf(w.ph.ph1, 11);
        const results = await Promise.all([
          put(w.ph.ph1, { weeks: [{ year: 2026, week: 11, capacity: 700, version: week11!.version }] }),
          put(w.ph.ph1, { weeks: [{ year: 2026, week: 11, capacity: 800, version: week11!.version }] }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
        expect(results.find((r) => r.statusCode === 412)!.json().error.message).toBe(PICKING_MESSAGES.capacityConflict);
        const after = await capacityOf(w.ph.ph1, 11);
        expect(after!.version).toBe(week11!.version + 1);

        const mixed = await put(w.ph.ph2, {
          weeks: [
            { year: 2026, week: 12, capacity: 300, version: null },
            { year: 2026, week: 11, capacity: 300, version: 5 },
          ],
        });
        expect(mixed.statusCode).toBe(412);
        expect(await capacityOf(w.ph.ph2, 12)).toBeNull();
      });

      it('refuses read-only weeks of the packhouse view, all or nothing', async () => {
        const res = await put(w.ph.ph2, {
          weeks: [
            { year: 2026, week: 12, capacity: 300, version: null },
            { year: 2026, week: 13, capacity: 300, version: null },
          ],
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Week 13 of 2026 is read-only.');
        expect(await capacityOf(w.ph.ph2, 12)).toBeNull();
      });

      it.each([[123456], ['123456'], [-5], [2.5], ['']])('refuses capacity %j (1 to 5 digits)', async (capacity) => {
        expect((await put(w.ph.ph2, { weeks: [{ year: 2026, week: 12, capacity, version: null }] })).statusCode).toBe(400);
      });

      it('answers 404 to the grower (it links PH1 but does not own it) and 403 without capacity.edit', async () => {
        const res = await put(w.ph.ph1, { weeks: [{ year: 2026, week: 12, capacity: 1, version: null }] }, w.a.userId, w.a.organizationId);
        expect(res.statusCode).toBe(404);
        const viewer = await createMemberWith(t, w.p.organizationId, 'packer-viewer', [PERMISSIONS.pickingView]);
        const denied = await put(w.ph.ph1, { weeks: [{ year: 2026, week: 12, capacity: 1, version: null }] }, viewer);
        expect(denied.statusCode).toBe(403);
        expect((await capacityOf(w.ph.ph1, 12))!.capacity).toBe(1200);
      });
    });
  });

  describe('CSV exports', () => {
    it('exports the producer view: separator line, columns, trailing empty weeks dropped, logged', async () => {
      const res = await asA({ method: 'GET', url: `${PICKING_PATHS.producerExport}?varieties=${w.variety.navel}&packhouses=${w.ph.ph1}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="PickingSchedule-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv"$/);
      expect(res.body.split('\r\n')[0]).toBe('sep=,');
      const records = parse(res.body.slice('sep=,\r\n'.length)) as string[][];
      const rows = (await weeksOf(w.row.a1)).filter((x) => x.binCount > 0);
      const lastWeek = Math.max(...rows.map((x) => x.week));
      const weekHeaders = Array.from({ length: lastWeek - 7 }, (_, i) => `2026-W${String(8 + i).padStart(2, '0')}`);
      expect(records[0]).toEqual([
        'Packhouse', 'Puc', 'Variety', '1st Week Of Harvest', 'Projected Tonnes', 'January Projected Tonnes', 'Avg Kg/Bin', 'Expected Total Bins',
        ...weekHeaders, 'Grand Total', 'Difference',
      ]);
      expect(records).toHaveLength(2);
      const [, line] = records;
      expect(line!.slice(0, 3)).toEqual(['PH1 Kirkwood', `C1 ${w.a.canary}`, 'Navel']);
      expect(line![weekHeaders.indexOf('2026-W10') + 8]).toBe('30');
      expect(line![weekHeaders.indexOf('2026-W08') + 8]).toBe('');
      const [log] = await t.db.select().from(exportLogs).where(and(eq(exportLogs.organizationId, w.a.organizationId), eq(exportLogs.componentName, 'PickingScheduleComponent')));
      expect(log).toMatchObject({ userId: w.a.userId, reportName: 'Picking Schedule', size: Buffer.byteLength(res.body) });
    });

    it('exports the packhouse view with region, Int/Ext/Joint, commodity and a Capacity row', async () => {
      const res = await asP({ method: 'GET', url: `${PICKING_PATHS.packhouseExport}?packhouses=${w.ph.ph1}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="PackhousePickingSchedule-[\d-]+\.csv"/);
      expect(res.body.startsWith('sep=,\r\n')).toBe(true);
      const records = parse(res.body.slice('sep=,\r\n'.length)) as string[][];
      expect(records[0]!.slice(0, 6)).toEqual(['Packhouse', 'Region', 'Int/Ext/Joint', 'Commodity', 'Puc', 'Variety']);
      const capacityRow = records.at(-1)!;
      expect(capacityRow[0]).toBe('Capacity');
      expect(capacityRow).toHaveLength(records[0]!.length);
      const week11 = records[0]!.indexOf('2026-W11');
      expect(capacityRow[week11]).toBe(String((await capacityOf(w.ph.ph1, 11))!.capacity));
      const b1 = records.find((r) => r[4] === `BC1 ${w.b.canary}`);
      expect(b1!.slice(0, 4)).toEqual(['PH1 Kirkwood', 'Sundays River Valley', 'Int', 'Oranges']);
      const logs = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.p.organizationId));
      expect(logs.map((l) => l.componentName)).toContain('PackhousePickingScheduleComponent');
    });

    it('refuses an export without rows (400) and logs nothing', async () => {
      const before = (await t.db.select().from(exportLogs)).length;
      const res = await asA({ method: 'GET', url: `${PICKING_PATHS.producerExport}?packhouses=${w.ph.ph3}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(PICKING_MESSAGES.noRowsToExport);
      expect((await asA({ method: 'GET', url: PICKING_PATHS.packhouseExport })).statusCode).toBe(400);
      expect((await t.db.select().from(exportLogs)).length).toBe(before);
    });

    it('neutralises formula cells', async () => {
      const hostile = await createMemberWith(t, w.a.organizationId, 'csv-reader', [PERMISSIONS.pickingView], [w.farm.a]);
      await t.db.update(pickingEstimates).set({ avgBinWeight: 400 }).where(eq(pickingEstimates.id, w.row.a2));
      const { pucs } = await import('../../db/schema/index');
      const [puc] = await t.db.select().from(pucs).where(eq(pucs.id, w.puc.a));
      await t.db.update(pucs).set({ pucName: '=HYPERLINK("x")' }).where(eq(pucs.id, w.puc.a));
      try {
        const res = await as(hostile, w.a.organizationId, { method: 'GET', url: PICKING_PATHS.producerExport });
        const records = parse(res.body.slice('sep=,\r\n'.length)) as string[][];
        expect(records.slice(1).every((r) => r[1] === `'=HYPERLINK("x")`)).toBe(true);
      } finally {
        await t.db.update(pucs).set({ pucName: puc!.pucName }).where(eq(pucs.id, w.puc.a));
      }
    });
  });

  describe('permissions', () => {
    it('reading needs picking.view, saving rows and cells needs picking.edit', async () => {
      const viewer = await createMemberWith(t, w.a.organizationId, 'picking-viewer', [PERMISSIONS.pickingView], [w.farm.a]);
      const packhouseUser = await createMemberWith(t, w.a.organizationId, 'picking-packhouse-user', [PERMISSIONS.pickingView, PERMISSIONS.pickingPackhouseUser], [w.farm.a]);
      const nobody = await createMemberWith(t, w.a.organizationId, 'picking-nobody', []);
      expect((await as(viewer, w.a.organizationId, { method: 'GET', url: PICKING_PATHS.producerSchedule })).statusCode).toBe(200);
      expect((await as(nobody, w.a.organizationId, { method: 'GET', url: PICKING_PATHS.producerSchedule })).statusCode).toBe(403);
      const single = await as(packhouseUser, w.a.organizationId, { method: 'GET', url: `${PICKING_PATHS.producerSchedule}?packhouses=${w.ph.ph1}` });
      expect(single.json().rows.every((r: { packhouse: number }) => r.packhouse === w.ph.ph1)).toBe(true);
      const a1 = await rowOf(w.row.a1);
      expect((await as(viewer, w.a.organizationId, { method: 'PUT', url: rowPath(w.row.a1), payload: { packhouse: w.ph.ph1, version: a1.version, weeks: [] } })).statusCode).toBe(403);
      expect((await as(viewer, w.a.organizationId, { method: 'PUT', url: PICKING_PATHS.pucScheduleCells, payload: {} })).statusCode).toBe(403);
      expect((await as(viewer, w.a.organizationId, { method: 'POST', url: PICKING_PATHS.producerRows, payload: {} })).statusCode).toBe(403);
    });
  });

  describe("tenant matrix: B's member against A's objects", () => {
    const cases: TenantCase[] = [
      {
        name: "save A's row",
        request: () => ({ method: 'PUT', url: rowPath(w.row.a1), payload: { packhouse: w.ph.ph1, version: 1, weeks: [{ year: 2026, week: 12, binCount: 9999 }] } }),
        expect: 'not-found',
        unchanged: async () => {
          expect((await weeksOf(w.row.a1)).some((x) => x.binCount === 9999)).toBe(false);
        },
      },
      {
        name: "create a row on A's PUC",
        request: () => ({ method: 'POST', url: PICKING_PATHS.producerRows, payload: { puc: w.puc.a, variety: w.variety.navel, packhouse: w.ph.ph1, weeks: [] } }),
        expect: 'not-found',
      },
      {
        name: "save a cell on A's PUC",
        request: () => ({
          method: 'PUT',
          url: PICKING_PATHS.pucScheduleCells,
          payload: { puc: w.puc.a, variety: w.variety.navel, date: TODAY, bins: 1, packhouse: w.ph.ph1, pickingProgress: w.progress.picking, version: null },
        }),
        expect: 'not-found',
        unchanged: async () => {
          const rows = await t.db.select().from(fruitBinEstimates).where(and(eq(fruitBinEstimates.pucId, w.puc.a), eq(fruitBinEstimates.organizationId, w.b.organizationId)));
          expect(rows).toEqual([]);
        },
      },
      {
        name: "save the capacity of P's packhouse",
        request: () => ({ method: 'PUT', url: capacityPath(w.ph.ph1), payload: { weeks: [{ year: 2026, week: 12, capacity: 1, version: null }] } }),
        expect: 'not-found',
      },
      { name: 'PUC schedule filtered by A farm', request: () => ({ method: 'GET', url: `${PICKING_PATHS.pucSchedule}?farms=${w.farm.a}` }), expect: 'no-leak' },
      { name: 'filters with A farm', request: () => ({ method: 'GET', url: `${PICKING_PATHS.filters}?farms=${w.farm.a}` }), expect: 'no-leak' },
      { name: 'packhouse view filters', request: () => ({ method: 'GET', url: `${PICKING_PATHS.filters}?view=packhouse` }), expect: 'no-leak' },
      {
        name: 'producer view filtered by A producer, farm and PH2',
        request: () => ({ method: 'GET', url: `${PICKING_PATHS.producerSchedule}?producers=${w.legalEntity.a}&farms=${w.farm.a}&packhouses=${w.ph.ph2}` }),
        expect: 'no-leak',
      },
      { name: 'producer view', request: () => ({ method: 'GET', url: PICKING_PATHS.producerSchedule }), expect: 'no-leak' },
      { name: 'packhouse view', request: () => ({ method: 'GET', url: PICKING_PATHS.packhouseSchedule }), expect: 'no-leak' },
      { name: 'capacities of PH1', request: () => ({ method: 'GET', url: `${PICKING_PATHS.capacities}?packhouses=${w.ph.ph1}` }), expect: 'no-leak' },
      { name: 'producer export', request: () => ({ method: 'GET', url: PICKING_PATHS.producerExport }), expect: 'no-leak' },
      { name: 'producer export filtered by A farm', request: () => ({ method: 'GET', url: `${PICKING_PATHS.producerExport}?farms=${w.farm.a}` }), expect: 'no-leak' },
      { name: 'packhouse export', request: () => ({ method: 'GET', url: PICKING_PATHS.packhouseExport }), expect: 'no-leak' },
    ];
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      await runTenantCase(t, w, c);
    });

    it("B's own rows and export hold its data and none of A's", async () => {
      const page = (await as(w.b.userId, w.b.organizationId, { method: 'GET', url: PICKING_PATHS.producerSchedule })).json();
      expect(page.rows.map((r: { id: number }) => r.id)).toEqual([w.row.b1]);
      const csv = await as(w.b.userId, w.b.organizationId, { method: 'GET', url: PICKING_PATHS.producerExport });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(w.b.canary);
      expect(csv.body).not.toContain(w.a.canary);
    });
  });
});
