import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@orchard/shared/core';
import { FARM_OPERATIONS_PATHS } from '@orchard/shared/farm-operations';
import { FIELD_CAPTURE_MESSAGES, SCOUTING_MESSAGES, SCOUTING_PATHS } from '@orchard/shared/field-capture';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app';
import { detailPairs, openFieldWorld, requestsIn, type FieldWorld } from '../../../test/helpers/field-world';
import { memberWith } from '../../../test/helpers/harvest-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { scoutingObservations, scoutingSessions } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const one = (id: number) => SCOUTING_PATHS.session.replace(':id', String(id));

describe('scouting sessions', () => {
  let t: TestApp;
  let w: FieldWorld;
  const { as, asA } = requestsIn(() => t, () => w);
  const issues = detailPairs;
  const observations = [
    { pointNumber: 1, pest: 'red-scale', count: 4 },
    { pointNumber: 1, pest: 'citrus-black-spot', present: false, note: ' leaves only ' },
    { pointNumber: 2, pest: 'red-scale', count: 0 },
  ];
  const body = (extra: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    farmBlockId: w.block.a1,
    startedAt: '2026-03-10T07:30:00+02:00',
    endedAt: '2026-03-10T08:15:00+02:00',
    observations,
    ...extra,
  });

  beforeAll(async () => ({ t, w } = await openFieldWorld(NOW)));
  afterAll(() => t.close());

  it('captures a session with its observations once; the scout is the caller; farm operations reads it', async () => {
    const payload = body();
    const first = await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload });
    expect(first.statusCode, first.body).toBe(201);
    const session = first.json();
    expect(session).toMatchObject({
      clientId: payload.clientId,
      farmBlockId: w.block.a1,
      scoutUserId: w.a.userId,
      capturedByName: `Member ${w.a.canary}`,
      startedAt: '2026-03-10T05:30:00.000Z',
      endedAt: '2026-03-10T06:15:00.000Z',
      version: 1,
    });
    expect(session.observations).toEqual([
      { pointNumber: 1, pest: 'citrus-black-spot', count: null, present: false, note: 'leaves only' },
      { pointNumber: 1, pest: 'red-scale', count: 4, present: null, note: null },
      { pointNumber: 2, pest: 'red-scale', count: 0, present: null, note: null },
    ]);
    const again = await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload: { ...payload, observations: [] } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(session);
    expect(await t.db.select().from(scoutingSessions).where(eq(scoutingSessions.clientId, payload.clientId))).toHaveLength(1);
    expect((await asA({ method: 'GET', url: one(session.id) })).json()).toEqual(session);

    const ops = await asA({ method: 'GET', url: `${FARM_OPERATIONS_PATHS.sessions}?date=2026-03-10` });
    expect(ops.json()).toEqual([expect.objectContaining({ id: session.id, totalMinutes: 45, minutesPerHa: 22.5 })]);
  });

  it('answers every field with its message and saves nothing', async () => {
    const obs = (o: Record<string, unknown>) => ({ observations: [{ pointNumber: 1, pest: 'red-scale', count: 1, ...o }] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ clientId: 42 }, 'clientId', FIELD_CAPTURE_MESSAGES.clientIdInvalid],
      [{ farmBlockId: 0 }, 'farmBlockId', FIELD_CAPTURE_MESSAGES.blockRequired],
      [{ startedAt: '2026-03-10 07:30' }, 'startedAt', SCOUTING_MESSAGES.startInvalid],
      [{ endedAt: 'later' }, 'endedAt', SCOUTING_MESSAGES.endInvalid],
      [{ endedAt: '2026-03-10T07:29:00+02:00' }, 'endedAt', SCOUTING_MESSAGES.endBeforeStart],
      [{ endedAt: '2026-03-10T19:31:00+02:00' }, 'endedAt', SCOUTING_MESSAGES.sessionTooLong],
      [obs({ pointNumber: 0 }), 'observations.0.pointNumber', SCOUTING_MESSAGES.pointRange],
      [obs({ pointNumber: 1.5 }), 'observations.0.pointNumber', SCOUTING_MESSAGES.pointRange],
      [obs({ pest: 'dragons' }), 'observations.0.pest', SCOUTING_MESSAGES.pestUnknown],
      [obs({ count: -1 }), 'observations.0.count', SCOUTING_MESSAGES.countRange],
      [obs({ count: 10_001 }), 'observations.0.count', SCOUTING_MESSAGES.countRange],
      [obs({ count: null }), 'observations.0.count', SCOUTING_MESSAGES.countRequired],
      [obs({ present: true }), 'observations.0.present', SCOUTING_MESSAGES.presenceNotTaken],
      [obs({ pest: 'citrus-psylla', count: null }), 'observations.0.present', SCOUTING_MESSAGES.presenceRequired],
      [obs({ pest: 'citrus-psylla', present: 'yes' }), 'observations.0.present', SCOUTING_MESSAGES.presenceInvalid],
      [obs({ pest: 'citrus-psylla', present: true, count: 3 }), 'observations.0.count', SCOUTING_MESSAGES.countNotTaken],
      [obs({ note: 'x'.repeat(501) }), 'observations.0.note', FIELD_CAPTURE_MESSAGES.noteLength],
      [{ observations: [observations[0], observations[0]] }, 'observations.1.pest', SCOUTING_MESSAGES.observationDuplicate],
      [{ observations: Array.from({ length: 501 }, (_, i) => ({ pointNumber: (i % 100) + 1, pest: 'red-scale', count: 1 })) }, 'observations', SCOUTING_MESSAGES.tooManyObservations],
    ];
    const before = (await t.db.select().from(scoutingSessions)).length;
    for (const [extra, field, message] of cases) {
      const res = await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload: body(extra) });
      expect(res.statusCode, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(issues(res)).toContainEqual([field, message]);
    }
    const future = await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload: body({ startedAt: '2026-03-11T23:00:00+02:00', endedAt: '2026-03-12T00:30:00+02:00' }) });
    expect(issues(future)).toEqual([['endedAt', SCOUTING_MESSAGES.timeInFuture]]);
    // F1 has 12 observation points; F2 sets none, so up to SCOUTING_POINT_MAX
    const beyond = await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload: body(obs({ pointNumber: 13 })) });
    expect(issues(beyond)).toEqual([['observations.0.pointNumber', SCOUTING_MESSAGES.pointAboveFarmMax(12)]]);
    expect(beyond.json().error.reason).toBe('scouting-point-above-farm-max');
    expect((await t.db.select().from(scoutingSessions)).length).toBe(before);
    expect((await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload: body({ farmBlockId: w.block.d1, ...obs({ pointNumber: 100 }) }) })).statusCode).toBe(201);
  });

  it('edits block, times and observations with the version (412 when stale), keeps the scout, deletes with its observations', async () => {
    const created = (await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload: body() })).json();
    const edit = { farmBlockId: w.block.a2, startedAt: '2026-03-09T09:00:00+02:00', endedAt: '2026-03-09T09:30:00+02:00', observations: [{ pointNumber: 3, pest: 'mealybug', count: 7 }] };
    const capturer = await memberWith(t, w.a.organizationId, 'scout-editor', [PERMISSIONS.scoutingCapture], [w.farm.f1]);
    const edited = await as(capturer, w.a.organizationId, { method: 'PUT', url: one(created.id), payload: { ...edit, version: 1 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ farmBlockId: w.block.a2, scoutUserId: w.a.userId, version: 2, observations: [{ pointNumber: 3, pest: 'mealybug', count: 7, present: null, note: null }] });
    const stale = await asA({ method: 'PUT', url: one(created.id), payload: { ...edit, version: 1 } });
    expect(stale.statusCode).toBe(412);
    expect((await asA({ method: 'DELETE', url: one(created.id) })).statusCode).toBe(204);
    expect(await t.db.select().from(scoutingObservations).where(eq(scoutingObservations.sessionId, created.id))).toEqual([]);
    expect((await asA({ method: 'GET', url: one(created.id) })).statusCode).toBe(404);
  });

  it('lists by the day a session started, farm and block', async () => {
    const day = (d: string, farmBlockId = w.block.a2) => body({ farmBlockId, startedAt: `${d}T23:30:00+02:00`, endedAt: `${d}T23:45:00+02:00`, observations: [] });
    for (const payload of [day('2026-02-01'), day('2026-02-02'), day('2026-02-03', w.block.d1)]) {
      expect((await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload })).statusCode).toBe(201);
    }
    const page = (await asA({ method: 'GET', url: `${SCOUTING_PATHS.sessions}?from=2026-02-02&to=2026-02-03` })).json();
    expect(page.rows.map((r: { startedAt: string }) => r.startedAt)).toEqual(['2026-02-03T21:30:00.000Z', '2026-02-02T21:30:00.000Z']);
    const block = (await asA({ method: 'GET', url: `${SCOUTING_PATHS.sessions}?blockId=${w.block.a2}&from=2026-02-01&to=2026-02-28&pageSize=50` })).json();
    expect(block).toMatchObject({ totalRecords: 2, pageSize: 50 });
  });

  it("keeps A's sessions from B and refuses members without the permissions", async () => {
    const created = (await asA({ method: 'POST', url: SCOUTING_PATHS.sessions, payload: body() })).json();
    await runTenantCase(t, w, { name: 'read', request: () => ({ method: 'GET', url: one(created.id) }), expect: 'not-found' });
    await runTenantCase(t, w, { name: 'delete', request: () => ({ method: 'DELETE', url: one(created.id) }), expect: 'not-found', unchanged: async () => {
      expect(await t.db.select().from(scoutingSessions).where(eq(scoutingSessions.id, created.id))).toHaveLength(1);
    } });
    const list = await runTenantCase(t, w, { name: 'list', request: () => ({ method: 'GET', url: SCOUTING_PATHS.sessions }), expect: 'no-leak' });
    expect(list.json().totalRecords).toBe(0);
    const unassigned = await memberWith(t, w.a.organizationId, 'scout-f2', [PERMISSIONS.scoutingView, PERMISSIONS.scoutingCapture], [w.farm.f2]);
    expect((await as(unassigned, w.a.organizationId, { method: 'GET', url: one(created.id) })).statusCode).toBe(404);
    const viewer = await memberWith(t, w.a.organizationId, 'scout-viewer', [PERMISSIONS.scoutingView], [w.farm.f1]);
    expect((await as(viewer, w.a.organizationId, { method: 'GET', url: one(created.id) })).statusCode).toBe(200);
    expect((await as(viewer, w.a.organizationId, { method: 'POST', url: SCOUTING_PATHS.sessions, payload: body() })).statusCode).toBe(403);
  });
});
