import { INT_MAX, PERMISSIONS } from '@orchard/shared/core';
import { PEST_DASHBOARD_PATHS, type PestDashboardResponse, type SeasonAtAGlanceResponse } from '@orchard/shared/pest-dashboard';
import { DEFAULT_PEST_THRESHOLDS, PEST_THRESHOLDS_MESSAGES, PEST_THRESHOLDS_PATH, type PestThresholdsResponse } from '@orchard/shared/pest-thresholds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, assignFarms, createRole, createUser } from '../../../test/helpers/fixtures';
import { PEST_TODAY, createPestWorld, type PestWorld } from '../../../test/helpers/pest-world';
import { pestActionThresholds } from '../../db/schema/index';

describe('pest dashboard thresholds and the season at a glance', () => {
  let t: TestApp;
  let w: PestWorld;
  const asA = async (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: await t.headersFor(w.a.userId, w.a.organizationId) });
  const body = (version: number, extra: object = {}) => ({
    version,
    scoutingFrequencyDays: 13,
    pests: [
      { pest: 'red-scale', thresholdPercent: 10.1 },
      { pest: 'aphids', thresholdPercent: 25 },
    ],
    traps: [{ trapType: 'delta', pest: 'false-codling-moth', thresholdCount: 16 }],
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => PEST_TODAY } });
    w = await createPestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the citrus defaults while the organisation never saved its own', async () => {
    const res = await asA('GET', PEST_THRESHOLDS_PATH);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PestThresholdsResponse;
    expect(answer).toMatchObject({ version: 0, isDefault: true, scoutingFrequencyDays: 14 });
    expect(answer.pests).toHaveLength(DEFAULT_PEST_THRESHOLDS.length);
    expect(answer.pests).toContainEqual({ pest: 'false-codling-moth', pestName: 'False codling moth', thresholdPercent: 5 });
  });

  it('refuses invalid thresholds with the rule and its reason key, saving nothing', async () => {
    const res = await asA('PUT', PEST_THRESHOLDS_PATH, body(0, { scoutingFrequencyDays: 0, pests: [{ pest: 'red-scale', thresholdPercent: 0 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'scoutingFrequencyDays', message: PEST_THRESHOLDS_MESSAGES.frequencyRange, reason: 'scouting-frequency-range' },
        { field: 'pests.0.thresholdPercent', message: PEST_THRESHOLDS_MESSAGES.percentRange, reason: 'pest-threshold-percent-range' },
      ]),
    );
    const lured = await asA('PUT', PEST_THRESHOLDS_PATH, body(0, { traps: [{ trapType: 'delta', pest: 'aphids', thresholdCount: 3 }] }));
    expect(lured.json().error.details).toEqual([{ field: 'traps.0.pest', message: PEST_THRESHOLDS_MESSAGES.trapPestNotLured, reason: 'trap-threshold-pest-not-lured' }]);
    expect(await t.db.select().from(pestActionThresholds).where(eq(pestActionThresholds.organizationId, w.a.organizationId))).toEqual([]);
  });

  it('saves a whole set on the version it was based on; a save on a stale version answers 412', async () => {
    const first = await asA('PUT', PEST_THRESHOLDS_PATH, body(0));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, isDefault: false, scoutingFrequencyDays: 13 });
    expect((first.json() as PestThresholdsResponse).pests.map((p) => p.pest)).toEqual(['red-scale', 'aphids']);

    const again = await asA('PUT', PEST_THRESHOLDS_PATH, body(0, { scoutingFrequencyDays: 20 }));
    expect(again.statusCode).toBe(412);
    expect(again.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', message: PEST_THRESHOLDS_MESSAGES.stale, reason: 'pest-thresholds-stale' });
    const second = await asA('PUT', PEST_THRESHOLDS_PATH, body(1));
    expect(second.json()).toMatchObject({ version: 2 });
    expect((await asA('PUT', PEST_THRESHOLDS_PATH, body(1))).statusCode).toBe(412);
    // the highest version the schema takes is a stale one like any other (its next was once worked out
    // in the request, past the column's range: 500)
    expect((await asA('PUT', PEST_THRESHOLDS_PATH, body(INT_MAX))).statusCode).toBe(412);
    expect((await asA('GET', PEST_THRESHOLDS_PATH)).json()).toMatchObject({ version: 2, scoutingFrequencyDays: 13 });
  });

  it("the dashboard follows the organisation's own thresholds: a pest left out has none", async () => {
    const answer = (await asA('GET', PEST_DASHBOARD_PATHS.dashboard)).json() as PestDashboardResponse;
    expect(answer.defaultThresholds).toBe(false);
    const a1 = (pest: string) => answer.infection.rows.find((r) => r.blockId === w.block.a1 && r.pest === pest);
    // 10 % against 10.1 %: near now
    expect(a1('red-scale')).toMatchObject({ thresholdPercent: 10.1, status: 'near' });
    expect(a1('fruit-fly')).toMatchObject({ thresholdPercent: null, status: null });
    // 14 days since D1 was scouted is overdue against 13
    expect(answer.scoutingFrequency.blocks.find((b) => b.blockId === w.block.d1)).toMatchObject({ daysSince: 14, requiredDays: 13, status: 'overdue' });
    // the trap's 15 is under 16 now
    expect(answer.trapsOverThreshold.rows).toEqual([]);
    expect(answer.trapCounts.series.find((s) => s.trapType === 'mcphail')).toMatchObject({ thresholdCount: null });
  });

  it("keeps each organisation's thresholds apart", async () => {
    const b = await t.app.inject({ method: 'GET', url: PEST_THRESHOLDS_PATH, headers: await t.headersFor(w.b.userId, w.b.organizationId) });
    expect(b.json()).toMatchObject({ version: 0, isDefault: true, scoutingFrequencyDays: 14 });
    const across = await t.app.inject({ method: 'PUT', url: PEST_THRESHOLDS_PATH, payload: body(2), headers: await t.headersFor(w.b.userId, w.a.organizationId) });
    expect(across.statusCode).toBe(404);
  });

  it('needs dashboard.thresholds to read or save them', async () => {
    const role = await createRole(t.db, w.a.organizationId, 'Dashboard only', [PERMISSIONS.dashboardPest]);
    const user = await createUser(t.db, 'pt-dashboard-only');
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    const headers = await t.headersFor(user.id, w.a.organizationId);
    expect((await t.app.inject({ method: 'GET', url: PEST_THRESHOLDS_PATH, headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: PEST_THRESHOLDS_PATH, payload: body(2), headers })).statusCode).toBe(403);
    expect((await asA('GET', PEST_THRESHOLDS_PATH)).json()).toMatchObject({ version: 2 });
  });

  it('the season at a glance answers each part to those who may see it', async () => {
    const full = await asA('GET', PEST_DASHBOARD_PATHS.season);
    expect(full.statusCode, full.body).toBe(200);
    const all = full.json() as SeasonAtAGlanceResponse;
    expect(all.today).toBe('2025-06-30');
    expect(all.harvest).toMatchObject({ harvestedTonnes: 0, remainingTonnes: 0, estimateTonnes: 0, percentComplete: null });
    expect(all.packhouseWeek).toMatchObject({ year: 2025, week: 27, packhouses: [], totalBins: 0, totalCapacity: null });
    // frequency 13: D1 (14 days), D2 (15) overdue, D3 never
    expect(all.scouting).toEqual({ requiredDays: 13, overdueBlocks: 3, neverScouted: 1, blocks: 6 });

    const role = await createRole(t.db, w.a.organizationId, 'Scouting glance', [PERMISSIONS.dashboardPest]);
    const user = await createUser(t.db, 'pt-glance');
    await addMember(t.db, user.id, w.a.organizationId, [role.id]);
    await assignFarms(t.db, user.id, w.a.organizationId, [w.farm.f1]);
    const some = (await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.season, headers: await t.headersFor(user.id, w.a.organizationId) })).json() as SeasonAtAGlanceResponse;
    expect(some).toEqual({ today: '2025-06-30', harvest: null, packhouseWeek: null, scouting: { requiredDays: 13, overdueBlocks: 0, neverScouted: 0, blocks: 2 } });

    const bare = await createUser(t.db, 'pt-glance-none');
    await addMember(t.db, bare.id, w.a.organizationId, [await createRole(t.db, w.a.organizationId, 'Nothing glance', []).then((r) => r.id)]);
    const none = (await t.app.inject({ method: 'GET', url: PEST_DASHBOARD_PATHS.season, headers: await t.headersFor(bare.id, w.a.organizationId) })).json();
    expect(none).toEqual({ today: '2025-06-30', harvest: null, packhouseWeek: null, scouting: null });
  });
});
