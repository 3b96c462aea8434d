import { PERMISSIONS } from '@orchard/shared/core';
import { PEST_DASHBOARD_PATHS, type PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { farms, legalEntities } from '../../db/schema/index';
import { addMember, assignFarms, createRole, createUser } from '../../../test/helpers/fixtures';
import { PEST_TODAY, createPestWorld, type PestWorld } from '../../../test/helpers/pest-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';

describe('pest dashboard', () => {
  let t: TestApp;
  let w: PestWorld;
  const getA = async (url: string) => t.app.inject({ method: 'GET', url, headers: await t.headersFor(w.a.userId, w.a.organizationId) });
  const dashboard = async (search = '') => {
    const res = await getA(`${PEST_DASHBOARD_PATHS.dashboard}${search}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PestDashboardResponse;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => PEST_TODAY } });
    w = await createPestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers the chosen day and the 10 days before it, today by default', async () => {
    const answer = await dashboard();
    expect([answer.date, answer.from, answer.to, answer.defaultThresholds]).toEqual(['2025-06-30', '2025-06-20', '2025-06-30', true]);
    expect((await dashboard('?date=2025-06-27')).from).toBe('2025-06-17');
  });

  it('pest infection thresholds: each pest of each block against its threshold, at, near and around the edges, over first', async () => {
    const { infection } = await dashboard();
    expect(infection.rows.map((r) => [r.blockName.split(' ')[0], r.pest, r.pointsInfested, r.pointsInspected, r.thresholdPercent, r.status])).toEqual([
      ['D4', 'aphids', 1, 4, 25, 'over'],
      ['A1', 'red-scale', 10, 100, 10, 'over'],
      ['A1', 'fruit-fly', 6, 100, 5, 'over'],
      ['A1', 'mealybug', 8, 100, 10, 'near'],
      ['A1', 'soft-scale', 7, 100, 10, 'below'],
    ]);
    expect(infection.rows[1]).toMatchObject({ farmId: w.farm.f1, blockId: w.block.a1, sharePercent: 10, sessions: 1, lastSessionId: w.sessions.s1, lastScoutedOn: '2025-06-25' });
    // A2 was scouted without observation points: listed apart, not as 0 %
    expect(infection.blocksWithoutPoints).toEqual([
      { farmId: w.farm.f1, farmName: expect.stringContaining('Kransvlei'), blockId: w.block.a2, blockName: 'A2', sessions: 1, lastSessionId: w.sessions.s2, lastScoutedOn: '2025-06-27' },
    ]);
  });

  it('traps count threshold: a series per trap type and pest, one point per day of the window, with the threshold line', async () => {
    const { trapCounts } = await dashboard();
    expect(trapCounts.series.map((s) => [s.trapType, s.pest, s.thresholdCount, s.traps, s.overDays])).toEqual([
      ['delta', 'false-codling-moth', 10, 2, 3],
      ['mcphail', 'fruit-fly', 6, 1, 0],
    ]);
    const delta = trapCounts.series[0]!;
    expect(delta.days).toHaveLength(11);
    expect(delta.days.filter((d) => d.inspections > 0).map((d) => [d.day, d.meanCount, d.status])).toEqual([
      ['2025-06-21', 3, 'below'],
      ['2025-06-26', 10, 'over'],
      ['2025-06-27', 40, 'over'],
      ['2025-06-29', 15, 'over'],
    ]);
    expect(trapCounts.series[1]!.days.find((d) => d.day === '2025-06-29')).toMatchObject({ meanCount: 5, status: 'near' });
  });

  it('trap threshold dashboard: the traps hanging today whose latest count reached the threshold', async () => {
    const { trapsOverThreshold } = await dashboard();
    expect(trapsOverThreshold.rows).toEqual([
      expect.objectContaining({
        trapId: w.traps.t1,
        blockId: w.block.a1,
        pest: 'false-codling-moth',
        lastCount: 15,
        thresholdCount: 10,
        overSince: '2025-06-26',
        daysOver: 5,
        lat: -32.6,
        lng: 19.01,
      }),
    ]);
  });

  it('scouting frequency: every block against the frequency, never and overdue first, with the farms\' Scouting Last and Oldest', async () => {
    const { scoutingFrequency } = await dashboard();
    expect(scoutingFrequency.requiredDays).toBe(14);
    expect(scoutingFrequency.blocks.map((b) => [b.blockName.split(' ')[0], b.daysSince, b.status, b.lastSessionId])).toEqual([
      ['D3', null, 'never', null],
      ['D2', 15, 'overdue', w.sessions.s4],
      ['D1', 14, 'on-time', w.sessions.s3],
      ['A1', 5, 'on-time', w.sessions.s1],
      ['A2', 3, 'on-time', w.sessions.s2],
      ['D4', 0, 'on-time', w.sessions.s5],
    ]);
    expect(scoutingFrequency.farms.map((f) => [f.farmId, f.last, f.oldest])).toEqual([
      [w.farm.f2, 0, null],
      [w.farm.f1, 3, 5],
    ]);
  });

  it('narrows to the chosen farms and answers 404 for a farm the caller may not see', async () => {
    const f2 = await dashboard(`?farms=${w.farm.f2}`);
    expect(new Set(f2.scoutingFrequency.blocks.map((b) => b.farmId))).toEqual(new Set([w.farm.f2]));
    expect(f2.infection.rows.map((r) => r.blockId)).toEqual([w.blocks.d4]);
    expect(f2.trapsOverThreshold.rows).toEqual([]);
    for (const farm of [w.farm.f3, w.farm.fb, 999_999]) {
      const res = await getA(`${PEST_DASHBOARD_PATHS.dashboard}?farms=${w.farm.f1},${farm}`);
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it('never counts the unassigned farm: its block, sessions and traps stay out of every panel', async () => {
    const body = JSON.stringify(await dashboard());
    for (const id of [w.block.x1, w.block.b1]) expect(body).not.toContain(`"blockId":${id},`);
    expect(body).not.toContain(`"trapId":${w.traps.t4},`);
    expect(body).not.toContain(`"lastSessionId":${w.sessions.s6},`);
  });

  it('shows no data before anything was recorded', async () => {
    const answer = await dashboard('?date=2025-05-01');
    expect(answer.infection).toEqual({ rows: [], blocksWithoutPoints: [] });
    expect(answer.trapCounts.series).toEqual([]);
    expect(answer.trapsOverThreshold.rows).toEqual([]);
    expect(answer.scoutingFrequency.blocks.every((b) => b.status === 'never')).toBe(true);
    expect(answer.scoutingFrequency.farms.map((f) => [f.last, f.oldest])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('refuses a day after today and a malformed day', async () => {
    const future = await getA(`${PEST_DASHBOARD_PATHS.dashboard}?date=2025-07-01`);
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'field-day-in-future', details: [{ field: 'date', reason: 'field-day-in-future' }] });
    const malformed = await getA(`${PEST_DASHBOARD_PATHS.dashboard}?date=30-06-2025`);
    expect(malformed.statusCode).toBe(400);
  });

  it('answers the farms the caller may see for the Farm filter', async () => {
    const res = await getA(PEST_DASHBOARD_PATHS.farms);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { id: number }[]).map((f) => f.id).sort()).toEqual([w.farm.f1, w.farm.f2].sort());
  });

  it('a member without dashboard.pest gets 403; a member with no farm sees no block', async () => {
    const role = await createRole(t.db, w.a.organizationId, 'Harvest only', [PERMISSIONS.harvestReports]);
    const user = await createUser(t.db, 'pd-no-permission');
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    const res = await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.dashboard, headers: await t.headersFor(user.id, w.a.organizationId) });
    expect(res.statusCode).toBe(403);

    const viewerRole = await createRole(t.db, w.a.organizationId, 'Pest viewer', [PERMISSIONS.dashboardPest]);
    const viewer = await createUser(t.db, 'pd-viewer-no-farms');
    await addMember(t.db, viewer.id, w.a.organizationId, [viewerRole.id]);
    const empty = await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.dashboard, headers: await t.headersFor(viewer.id, w.a.organizationId) });
    expect(empty.statusCode).toBe(200);
    expect((empty.json() as PestDashboardResponse).scoutingFrequency.blocks).toEqual([]);
    await assignFarms(t.db, viewer.id, w.a.organizationId, [w.farm.f3]);
    const onlyF3 = (await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.dashboard, headers: await t.headersFor(viewer.id, w.a.organizationId) })).json() as PestDashboardResponse;
    expect(onlyF3.infection.rows.map((r) => [r.blockId, r.pointsInfested])).toEqual([[w.block.x1, 10]]);
  });

  it("B's member never sees A's farms or readings, and naming A's organisation answers 404", async () => {
    for (const c of [
      { name: 'dashboard', expect: 'no-leak' as const, request: () => ({ method: 'GET' as const, url: PEST_DASHBOARD_PATHS.dashboard }) },
      { name: 'farms', expect: 'no-leak' as const, request: () => ({ method: 'GET' as const, url: PEST_DASHBOARD_PATHS.farms }) },
      { name: "dashboard of A's farm", expect: 'not-found' as const, request: () => ({ method: 'GET' as const, url: `${PEST_DASHBOARD_PATHS.dashboard}?farms=${w.farm.f1}` }) },
    ]) {
      await runTenantCase(t, w, c);
    }
    const b = (await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.dashboard, headers: await t.headersFor(w.b.userId, w.b.organizationId) })).json() as PestDashboardResponse;
    expect(b.infection.rows.map((r) => r.blockId)).toEqual([w.block.b1]);
    expect(b.trapsOverThreshold.rows.map((r) => r.blockId)).toEqual([w.block.b1]);
    const res = await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.dashboard, headers: await t.headersFor(w.b.userId, w.a.organizationId) });
    expect(res.statusCode).toBe(404);
  });

  it('the compact input checks list every farm the filter chooses, a farm without blocks as No Data', async () => {
    const [entity] = await t.db.insert(legalEntities).values({ organizationId: w.a.organizationId, name: 'Bare Pty' }).returning();
    const [bare] = await t.db.insert(farms).values({ organizationId: w.a.organizationId, legalEntityId: entity!.id, farmName: 'Bare Farm' }).returning();
    await assignFarms(t.db, w.a.userId, w.a.organizationId, [bare!.id]);
    const all = await dashboard();
    expect(all.scoutingFrequency.farms.map((f) => f.farmId).sort()).toEqual([w.farm.f1, w.farm.f2, bare!.id].sort());
    expect(all.scoutingFrequency.farms.find((f) => f.farmId === bare!.id)).toMatchObject({ farmName: 'Bare Farm', last: null, oldest: null, oldestIds: [] });
    const chosen = await dashboard(`?farms=${w.farm.f2},${bare!.id}`);
    expect(chosen.scoutingFrequency.farms.map((f) => f.farmId).sort()).toEqual([w.farm.f2, bare!.id].sort());
    expect(new Set(chosen.scoutingFrequency.blocks.map((b) => b.farmId))).toEqual(new Set([w.farm.f2]));
  });
});
