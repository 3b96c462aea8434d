import { randomUUID } from 'node:crypto';
import { INT_MAX, PERMISSIONS } from '@orchard/shared/core';
import { FIELD_CAPTURE_MESSAGES, PHENOLOGY_MESSAGES, PHENOLOGY_PATHS } from '@orchard/shared/field-capture';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app';
import { detailPairs, openFieldWorld, requestsIn, type FieldWorld } from '../../../test/helpers/field-world';
import { memberWith } from '../../../test/helpers/harvest-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { phenologyObservations } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const one = (id: number) => PHENOLOGY_PATHS.observation.replace(':id', String(id));

describe('phenology observations', () => {
  let t: TestApp;
  let w: FieldWorld;
  const { as, asA } = requestsIn(() => t, () => w);
  const issues = detailPairs;
  const body = (extra: Record<string, unknown> = {}) => ({ clientId: randomUUID(), farmBlockId: w.block.a1, observedOn: '2026-03-10', stage: 'flowering', percentOfTrees: 42.5, ...extra });

  beforeAll(async () => ({ t, w } = await openFieldWorld(NOW)));
  afterAll(() => t.close());

  it('captures once: a resend with the same client id answers the stored row (200), not a second one', async () => {
    const payload = body();
    const first = await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      clientId: payload.clientId,
      farmId: w.farm.f1,
      farmBlockId: w.block.a1,
      observedOn: '2026-03-10',
      stage: 'flowering',
      percentOfTrees: 42.5,
      capturedByName: `Member ${w.a.canary}`,
      version: 1,
    });
    const again = await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: { ...payload, percentOfTrees: 50 } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(phenologyObservations).where(eq(phenologyObservations.clientId, payload.clientId))).toHaveLength(1);
  });

  it('answers every field with its message and saves nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ clientId: 'not-a-uuid' }, 'clientId', FIELD_CAPTURE_MESSAGES.clientIdInvalid],
      [{ farmBlockId: null }, 'farmBlockId', FIELD_CAPTURE_MESSAGES.blockRequired],
      [{ observedOn: '2026-02-30' }, 'observedOn', FIELD_CAPTURE_MESSAGES.dayInvalid],
      [{ stage: 'harvest' }, 'stage', PHENOLOGY_MESSAGES.stageUnknown],
      [{ percentOfTrees: 100.5 }, 'percentOfTrees', PHENOLOGY_MESSAGES.percentRange],
      [{ percentOfTrees: -1 }, 'percentOfTrees', PHENOLOGY_MESSAGES.percentRange],
      [{ percentOfTrees: 12.25 }, 'percentOfTrees', PHENOLOGY_MESSAGES.percentRange],
      [{ percentOfTrees: '40' }, 'percentOfTrees', PHENOLOGY_MESSAGES.percentRange],
    ];
    const before = (await t.db.select().from(phenologyObservations)).length;
    for (const [extra, field, message] of cases) {
      const res = await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(issues(res)).toContainEqual([field, message]);
    }
    const future = await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body({ observedOn: '2026-03-12' }) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({ message: FIELD_CAPTURE_MESSAGES.dayInFuture, reason: 'field-day-in-future' });
    // today (South African) is not the future
    expect((await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body({ observedOn: '2026-03-11' }) })).statusCode).toBe(201);
    expect((await t.db.select().from(phenologyObservations)).length).toBe(before + 1);
  });

  it('captures only on blocks of the caller\'s farms (404 for an unassigned farm\'s block and another organisation\'s)', async () => {
    for (const farmBlockId of [w.block.x1, w.block.b1, 99_999]) {
      const res = await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body({ farmBlockId }) });
      expect(res.statusCode, String(farmBlockId)).toBe(404);
    }
  });

  it('lists a page newest first, filtered by farm, block and days, with the total', async () => {
    for (const [day, farmBlockId] of [['2026-01-05', w.block.a2], ['2026-01-06', w.block.a2], ['2026-01-07', w.block.d1]] as const) {
      expect((await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body({ observedOn: day, farmBlockId }) })).statusCode).toBe(201);
    }
    const page = (await asA({ method: 'GET', url: `${PHENOLOGY_PATHS.observations}?blockId=${w.block.a2}&pageSize=20` })).json();
    expect(page).toMatchObject({ totalRecords: 2, page: 1, pageSize: 20 });
    expect(page.rows.map((r: { observedOn: string }) => r.observedOn)).toEqual(['2026-01-06', '2026-01-05']);
    const range = (await asA({ method: 'GET', url: `${PHENOLOGY_PATHS.observations}?from=2026-01-06&to=2026-01-07` })).json();
    expect(range.rows.map((r: { observedOn: string }) => r.observedOn)).toEqual(['2026-01-07', '2026-01-06']);
    const farm2 = (await asA({ method: 'GET', url: `${PHENOLOGY_PATHS.observations}?farmId=${w.farm.f2}` })).json();
    expect(farm2.totalRecords).toBe(1);
    const reversed = await asA({ method: 'GET', url: `${PHENOLOGY_PATHS.observations}?from=2026-01-07&to=2026-01-06` });
    expect(reversed.statusCode).toBe(400);
    expect(issues(reversed)).toContainEqual(['to', FIELD_CAPTURE_MESSAGES.rangeOrder]);
    expect((await asA({ method: 'GET', url: `${PHENOLOGY_PATHS.observations}?pageSize=7` })).statusCode).toBe(400);
    expect((await asA({ method: 'GET', url: `${PHENOLOGY_PATHS.observations}?farmId=${w.farm.f3}` })).statusCode).toBe(404);
  });

  it('edits with the current version, refuses a stale one (412) and deletes (204)', async () => {
    const created = (await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body() })).json();
    const edited = await asA({ method: 'PUT', url: one(created.id), payload: { farmBlockId: w.block.d1, observedOn: '2026-03-01', stage: 'petal-drop', percentOfTrees: 80, version: 1 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, farmId: w.farm.f2, farmBlockId: w.block.d1, stage: 'petal-drop', percentOfTrees: 80, version: 2 });
    const stale = await asA({ method: 'PUT', url: one(created.id), payload: { farmBlockId: w.block.a1, observedOn: '2026-03-01', stage: 'maturity', percentOfTrees: 1, version: 1 } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', reason: 'field-reading-stale' });
    // the highest version the schema takes is stale too, never a 500 (its next is the database's to work out)
    const highest = await asA({ method: 'PUT', url: one(created.id), payload: { farmBlockId: w.block.a1, observedOn: '2026-03-01', stage: 'maturity', percentOfTrees: 1, version: INT_MAX } });
    expect(highest.statusCode, highest.body).toBe(412);
    const toUnassigned = await asA({ method: 'PUT', url: one(created.id), payload: { farmBlockId: w.block.x1, observedOn: '2026-03-01', stage: 'maturity', percentOfTrees: 1, version: 2 } });
    expect(toUnassigned.statusCode).toBe(404);
    expect((await asA({ method: 'DELETE', url: one(created.id) })).statusCode).toBe(204);
    expect((await asA({ method: 'DELETE', url: one(created.id) })).statusCode).toBe(404);
  });

  it("never shows or changes A's observations to B (404), and a client id of A's is B's own", async () => {
    const payload = body();
    const created = (await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload })).json();
    const unchanged = async () => {
      const [row] = await t.db.select().from(phenologyObservations).where(eq(phenologyObservations.id, created.id));
      expect(row).toMatchObject({ version: 1, stage: 'flowering' });
    };
    await runTenantCase(t, w, {
      name: 'edit',
      request: () => ({ method: 'PUT', url: one(created.id), payload: { farmBlockId: w.block.b1, observedOn: '2026-03-01', stage: 'maturity', percentOfTrees: 1, version: 1 } }),
      expect: 'not-found',
      unchanged,
    });
    await runTenantCase(t, w, { name: 'delete', request: () => ({ method: 'DELETE', url: one(created.id) }), expect: 'not-found', unchanged });
    await runTenantCase(t, w, { name: 'farm filter', request: () => ({ method: 'GET', url: `${PHENOLOGY_PATHS.observations}?farmId=${w.farm.f1}` }), expect: 'not-found' });
    await runTenantCase(t, w, { name: 'block', request: () => ({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body({ farmBlockId: w.block.a1 }) }), expect: 'not-found' });
    const list = await runTenantCase(t, w, { name: 'list', request: () => ({ method: 'GET', url: PHENOLOGY_PATHS.observations }), expect: 'no-leak' });
    expect(list.json().totalRecords).toBe(0);
    const own = await as(w.b.userId, w.b.organizationId, { method: 'POST', url: PHENOLOGY_PATHS.observations, payload: { ...payload, farmBlockId: w.block.b1 } });
    expect(own.statusCode).toBe(201);
    await unchanged();
  });

  it('a resend naming a row the caller can no longer see answers 409', async () => {
    const viewer = await memberWith(t, w.a.organizationId, 'pheno-d1-only', [PERMISSIONS.phenologyCapture], [w.farm.f2]);
    const payload = body();
    expect((await asA({ method: 'POST', url: PHENOLOGY_PATHS.observations, payload })).statusCode).toBe(201);
    const res = await as(viewer, w.a.organizationId, { method: 'POST', url: PHENOLOGY_PATHS.observations, payload: { ...payload, farmBlockId: w.block.d1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ message: FIELD_CAPTURE_MESSAGES.clientIdTaken, reason: 'field-client-id-taken' });
  });

  it('reading needs phenology.view, capturing phenology.capture (403)', async () => {
    const reader = await memberWith(t, w.a.organizationId, 'pheno-reader', [PERMISSIONS.phenologyView], [w.farm.f1]);
    expect((await as(reader, w.a.organizationId, { method: 'GET', url: PHENOLOGY_PATHS.observations })).statusCode).toBe(200);
    const refused = await as(reader, w.a.organizationId, { method: 'POST', url: PHENOLOGY_PATHS.observations, payload: body() });
    expect(refused.statusCode).toBe(403);
    const capturer = await memberWith(t, w.a.organizationId, 'pheno-capturer', [PERMISSIONS.phenologyCapture], [w.farm.f1]);
    expect((await as(capturer, w.a.organizationId, { method: 'GET', url: PHENOLOGY_PATHS.observations })).statusCode).toBe(403);
  });
});
