import { randomUUID } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@orchard/shared/core';
import { FIELD_CAPTURE_MESSAGES } from '@orchard/shared/field-capture';
import { PACKHOUSE_READINGS_MESSAGES as M, PACKHOUSE_READINGS_PATHS as P } from '@orchard/shared/packhouse-readings';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createRole, createUser } from '../../../test/helpers/fixtures';
import { fixedClock } from '../../../test/helpers/picking-world';
import { createTenantWorld, runTenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { lineWaxReadings, packhouseLines, packhouses, storageRoomReadings, storageRooms, userPackhouses } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const one = (path: string, id: number) => path.replace(':id', String(id));

/**
 * A runs packhouses PH1 (assigned to A's member) and PH2 (assigned to nobody but `ph2Member`); B
 * runs PHB, assigned to B's member. Names in A carry A's canary.
 */
interface World extends TenantWorld {
  ph: { ph1: number; ph2: number; phb: number };
}

describe('packhouse readings', () => {
  let t: TestApp;
  let w: World;
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (options: InjectOptions) => as(w.a.userId, w.a.organizationId, options);
  const issues = (res: LightMyRequestResponse) => (res.json().error.details ?? []).map((d: { field: string; message: string }) => [d.field, d.message]);
  const member = async (name: string, permissions: readonly Permission[], packhouseIds: readonly number[]) => {
    const user = await createUser(t.db, name);
    await addMember(t.db, user.id, w.a.organizationId, [(await createRole(t.db, w.a.organizationId, `Role ${name}`, permissions)).id]);
    for (const packhouseId of packhouseIds) await t.db.insert(userPackhouses).values({ userId: user.id, packhouseId, organizationId: w.a.organizationId });
    return user.id;
  };
  const addLine = async (packhouseId: number, name: string) => (await asA({ method: 'POST', url: P.lineCreate, payload: { clientId: randomUUID(), packhouseId, name } })).json();
  const addRoom = async (packhouseId: number, name: string) => (await asA({ method: 'POST', url: P.roomCreate, payload: { clientId: randomUUID(), packhouseId, name } })).json();
  const wax = (lineId: number, extra: Record<string, unknown> = {}) => ({ clientId: randomUUID(), lineId, readOn: '2026-03-10', readTime: '09:30', litresPerTon: 1.25, concentrationPercent: 12.5, ...extra });
  const roomReading = (roomId: number, extra: Record<string, unknown> = {}) => ({ clientId: randomUUID(), roomId, readOn: '2026-03-10', readTime: '06:00', temperatureC: 4.5, humidityPercent: 92.5, ...extra });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock(NOW) });
    const world = await createTenantWorld(t);
    const packhouse = async (name: string, ownerOrganizationId: number) =>
      (await t.db.insert(packhouses).values({ name, ownerOrganizationId }).returning({ id: packhouses.id }))[0]!.id;
    const ph1 = await packhouse(`Kirkwood ${world.a.canary}`, world.a.organizationId);
    const ph2 = await packhouse(`Addo ${world.a.canary}`, world.a.organizationId);
    const phb = await packhouse('B Packhouse', world.b.organizationId);
    await t.db.insert(userPackhouses).values([
      { userId: world.a.userId, packhouseId: ph1, organizationId: world.a.organizationId },
      { userId: world.b.userId, packhouseId: phb, organizationId: world.b.organizationId },
    ]);
    w = { ...world, ph: { ph1, ph2, phb } };
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the packhouses assigned to the caller only', async () => {
    const res = await asA({ method: 'GET', url: P.packhouses });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ id: w.ph.ph1, name: expect.stringContaining('Kirkwood') }]);
  });

  it('adds lines and rooms once, renames them with the version and deletes them only without readings', async () => {
    const payload = { clientId: randomUUID(), packhouseId: w.ph.ph1, name: `  Line 1 ${w.a.canary} ` };
    const added = await asA({ method: 'POST', url: P.lineCreate, payload });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ packhouseId: w.ph.ph1, name: `Line 1 ${w.a.canary}`, readingCount: 0, lastReadAt: null, version: 1 });
    expect((await asA({ method: 'POST', url: P.lineCreate, payload })).statusCode).toBe(200);
    const lineId = added.json().id;
    const duplicate = await asA({ method: 'POST', url: P.lineCreate, payload: { ...payload, clientId: randomUUID(), name: `line 1 ${w.a.canary.toLowerCase()}` } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(M.lineNameTaken);
    const second = await addLine(w.ph.ph1, 'A line');
    const lines = await asA({ method: 'GET', url: `${P.lines}?packhouse=${w.ph.ph1}` });
    expect(lines.json().map((l: { name: string }) => l.name)).toEqual(['A line', `Line 1 ${w.a.canary}`]);

    const renamed = await asA({ method: 'PUT', url: one(P.line, lineId), payload: { name: 'Line 1', version: 1 } });
    expect(renamed.json()).toMatchObject({ name: 'Line 1', version: 2 });
    const stale = await asA({ method: 'PUT', url: one(P.line, lineId), payload: { name: 'Line one', version: 1 } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.message).toBe(M.stale);
    expect((await asA({ method: 'PUT', url: one(P.line, second.id), payload: { name: 'LINE 1', version: 1 } })).statusCode).toBe(409);

    expect((await asA({ method: 'POST', url: P.waxReadingCreate, payload: wax(lineId) })).statusCode).toBe(201);
    const inUse = await asA({ method: 'DELETE', url: one(P.line, lineId) });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe(M.lineInUse);
    expect((await asA({ method: 'GET', url: `${P.lines}?packhouse=${w.ph.ph1}` })).json()).toContainEqual(
      expect.objectContaining({ id: lineId, readingCount: 1, lastReadAt: '2026-03-10 09:30' }),
    );
    expect((await asA({ method: 'DELETE', url: one(P.line, second.id) })).statusCode).toBe(204);

    const room = await asA({ method: 'POST', url: P.roomCreate, payload: { clientId: randomUUID(), packhouseId: w.ph.ph1, name: 'Cold room 1' } });
    expect(room.statusCode, room.body).toBe(201);
    const blank = await asA({ method: 'POST', url: P.roomCreate, payload: { clientId: randomUUID(), packhouseId: w.ph.ph1, name: '   ' } });
    expect(issues(blank)).toEqual([['name', M.roomNameRequired]]);
    expect((await asA({ method: 'PUT', url: one(P.room, room.json().id), payload: { name: 'Cold room A', version: 1 } })).json()).toMatchObject({ name: 'Cold room A', version: 2 });
    expect((await asA({ method: 'DELETE', url: one(P.room, room.json().id) })).statusCode).toBe(204);
    expect((await asA({ method: 'GET', url: `${P.rooms}?packhouse=${w.ph.ph1}` })).json()).toEqual([]);
  });

  it('captures wax and room readings once, lists them newest first a page at a time, edits them with the version and deletes them', async () => {
    const line = await addLine(w.ph.ph1, 'Paging line');
    for (let i = 0; i < 25; i++) {
      const res = await asA({ method: 'POST', url: P.waxReadingCreate, payload: wax(line.id, { readOn: `2026-02-${String(i + 1).padStart(2, '0')}`, concentrationPercent: null }) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await asA({ method: 'GET', url: `${P.waxReadings}?filter=${line.id}` });
    expect(first.json()).toMatchObject({ totalRecords: 25, page: 1, pageSize: 20 });
    expect(first.json().rows).toHaveLength(20);
    expect(first.json().rows[0]).toMatchObject({ readOn: '2026-02-25', lineId: line.id, lineName: 'Paging line', concentrationPercent: null, capturedByName: expect.any(String) });
    const second = await asA({ method: 'GET', url: `${P.waxReadings}?filter=${line.id}&page=2&pageSize=20` });
    expect(second.json().rows.map((r: { readOn: string }) => r.readOn)).toEqual(['2026-02-05', '2026-02-04', '2026-02-03', '2026-02-02', '2026-02-01']);
    const ranged = await asA({ method: 'GET', url: `${P.waxReadings}?filter=${line.id}&from=2026-02-10&to=2026-02-12&pageSize=50` });
    expect(ranged.json()).toMatchObject({ totalRecords: 3, pageSize: 50 });
    expect((await asA({ method: 'GET', url: `${P.waxReadings}?filter=${line.id}&pageSize=30` })).statusCode).toBe(400);
    const order = await asA({ method: 'GET', url: `${P.waxReadings}?filter=${line.id}&from=2026-02-12&to=2026-02-10` });
    expect(issues(order)).toEqual([['to', FIELD_CAPTURE_MESSAGES.rangeOrder]]);

    const payload = wax(line.id, { readOn: '2026-03-11', readTime: '08:00', note: ' nozzle 3 blocked ' });
    const captured = await asA({ method: 'POST', url: P.waxReadingCreate, payload });
    expect(captured.json()).toMatchObject({ readOn: '2026-03-11', readTime: '08:00', litresPerTon: 1.25, concentrationPercent: 12.5, note: 'nozzle 3 blocked', version: 1 });
    const resent = await asA({ method: 'POST', url: P.waxReadingCreate, payload });
    expect([resent.statusCode, resent.json().id]).toEqual([200, captured.json().id]);
    const id = captured.json().id;
    const edited = await asA({ method: 'PUT', url: one(P.waxReading, id), payload: { readOn: '2026-03-11', readTime: '07:45', litresPerTon: 0.95, concentrationPercent: null, version: 1 } });
    expect(edited.json()).toMatchObject({ readTime: '07:45', litresPerTon: 0.95, concentrationPercent: null, note: null, version: 2 });
    expect((await asA({ method: 'PUT', url: one(P.waxReading, id), payload: { readOn: '2026-03-11', readTime: '07:45', litresPerTon: 1, version: 1 } })).statusCode).toBe(412);
    expect((await asA({ method: 'DELETE', url: one(P.waxReading, id) })).statusCode).toBe(204);
    expect((await asA({ method: 'DELETE', url: one(P.waxReading, id) })).statusCode).toBe(404);

    const room = await addRoom(w.ph.ph1, 'Room readings');
    const reading = await asA({ method: 'POST', url: P.roomReadingCreate, payload: roomReading(room.id, { temperatureC: -0.5 }) });
    expect(reading.statusCode, reading.body).toBe(201);
    expect(reading.json()).toMatchObject({ roomId: room.id, roomName: 'Room readings', temperatureC: -0.5, humidityPercent: 92.5, note: null });
    const readingId = reading.json().id;
    const changed = await asA({ method: 'PUT', url: one(P.roomReading, readingId), payload: { readOn: '2026-03-10', readTime: '06:00', temperatureC: 5, humidityPercent: 90, version: 1 } });
    expect(changed.json()).toMatchObject({ temperatureC: 5, humidityPercent: 90, version: 2 });
    expect((await asA({ method: 'PUT', url: one(P.roomReading, readingId), payload: { readOn: '2026-03-10', readTime: '06:00', temperatureC: 6, humidityPercent: 90, version: 1 } })).statusCode).toBe(412);
    expect((await asA({ method: 'GET', url: `${P.roomReadings}?filter=${room.id}` })).json()).toMatchObject({ totalRecords: 1, rows: [{ id: readingId, temperatureC: 5 }] });
    expect((await asA({ method: 'DELETE', url: one(P.roomReading, readingId) })).statusCode).toBe(204);
  });

  it('answers every out-of-range value with its message and saves nothing', async () => {
    const line = await addLine(w.ph.ph1, 'Range line');
    const room = await addRoom(w.ph.ph1, 'Range room');
    const waxBefore = (await t.db.select().from(lineWaxReadings)).length;
    const waxCases: [Record<string, unknown>, string, string][] = [
      [{ litresPerTon: -0.01 }, 'litresPerTon', M.waxRateRange],
      [{ litresPerTon: 10.01 }, 'litresPerTon', M.waxRateRange],
      [{ litresPerTon: 1.005 }, 'litresPerTon', M.waxRateRange],
      [{ litresPerTon: '1.5' }, 'litresPerTon', M.waxRateRange],
      [{ litresPerTon: undefined }, 'litresPerTon', M.waxRateRange],
      [{ concentrationPercent: 100.1 }, 'concentrationPercent', M.waxConcentrationRange],
      [{ concentrationPercent: 12.25 }, 'concentrationPercent', M.waxConcentrationRange],
      [{ readTime: '24:00' }, 'readTime', M.timeInvalid],
      [{ readTime: '9:30' }, 'readTime', M.timeInvalid],
      [{ readOn: '2026-02-30' }, 'readOn', FIELD_CAPTURE_MESSAGES.dayInvalid],
      [{ readOn: '2026-03-12', readTime: '00:00' }, 'readOn', FIELD_CAPTURE_MESSAGES.dayInFuture],
      [{ readOn: '2026-03-11', readTime: '08:01' }, 'readTime', M.timeInFuture],
      [{ note: 'x'.repeat(501) }, 'note', FIELD_CAPTURE_MESSAGES.noteLength],
      [{ lineId: 'L1' }, 'lineId', M.lineRequired],
      [{ clientId: 'abc' }, 'clientId', FIELD_CAPTURE_MESSAGES.clientIdInvalid],
    ];
    for (const [extra, field, message] of waxCases) {
      const res = await asA({ method: 'POST', url: P.waxReadingCreate, payload: wax(line.id, extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(issues(res), JSON.stringify(extra)).toContainEqual([field, message]);
    }
    expect(await t.db.select().from(lineWaxReadings)).toHaveLength(waxBefore);

    const roomCases: [Record<string, unknown>, string, string][] = [
      [{ temperatureC: -5.1 }, 'temperatureC', M.temperatureRange],
      [{ temperatureC: 25.1 }, 'temperatureC', M.temperatureRange],
      [{ temperatureC: 20.55 }, 'temperatureC', M.temperatureRange],
      [{ temperatureC: null }, 'temperatureC', M.temperatureRange],
      [{ humidityPercent: -0.1 }, 'humidityPercent', M.humidityRange],
      [{ humidityPercent: 100.1 }, 'humidityPercent', M.humidityRange],
      [{ humidityPercent: 85.55 }, 'humidityPercent', M.humidityRange],
      [{ roomId: 0 }, 'roomId', M.roomRequired],
    ];
    for (const [extra, field, message] of roomCases) {
      const res = await asA({ method: 'POST', url: P.roomReadingCreate, payload: roomReading(room.id, extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(issues(res), JSON.stringify(extra)).toContainEqual([field, message]);
    }
    expect(await t.db.select().from(storageRoomReadings)).toEqual([]);
    // the edges are kept as typed
    const edges = await asA({ method: 'POST', url: P.roomReadingCreate, payload: roomReading(room.id, { temperatureC: -5, humidityPercent: 100 }) });
    expect(edges.json()).toMatchObject({ temperatureC: -5, humidityPercent: 100 });
    const id = edges.json().id;
    const badEdit = await asA({ method: 'PUT', url: one(P.roomReading, id), payload: { readOn: '2026-03-10', readTime: '06:00', temperatureC: 25.05, humidityPercent: 50, version: 1 } });
    expect(issues(badEdit)).toEqual([['temperatureC', M.temperatureRange]]);
    expect((await asA({ method: 'GET', url: `${P.roomReadings}?filter=${room.id}` })).json().rows[0]).toMatchObject({ temperatureC: -5, version: 1 });
    const required = await asA({ method: 'GET', url: P.roomReadings });
    expect(issues(required)).toEqual([['filter', M.roomRequired]]);
  });

  it("keeps A's packhouses, lines, rooms and readings from B, from members without the packhouse and from members without the permissions", async () => {
    const line = await addLine(w.ph.ph1, `Tenancy line ${w.a.canary}`);
    const room = await addRoom(w.ph.ph1, `Tenancy room ${w.a.canary}`);
    const reading = (await asA({ method: 'POST', url: P.waxReadingCreate, payload: wax(line.id) })).json();
    const roomRow = (await asA({ method: 'POST', url: P.roomReadingCreate, payload: roomReading(room.id) })).json();
    const unchanged = async () => {
      expect((await asA({ method: 'GET', url: `${P.waxReadings}?filter=${line.id}` })).json().rows).toEqual([expect.objectContaining({ id: reading.id, version: 1 })]);
      expect((await asA({ method: 'GET', url: `${P.lines}?packhouse=${w.ph.ph1}` })).json()).toContainEqual(expect.objectContaining({ id: line.id, version: 1 }));
    };
    const cases: { name: string; request: InjectOptions }[] = [
      { name: 'lines', request: { method: 'GET', url: `${P.lines}?packhouse=${w.ph.ph1}` } },
      { name: 'rooms', request: { method: 'GET', url: `${P.rooms}?packhouse=${w.ph.ph1}` } },
      { name: 'wax readings', request: { method: 'GET', url: `${P.waxReadings}?filter=${line.id}` } },
      { name: 'room readings', request: { method: 'GET', url: `${P.roomReadings}?filter=${room.id}` } },
      { name: 'add line', request: { method: 'POST', url: P.lineCreate, payload: { clientId: randomUUID(), packhouseId: w.ph.ph1, name: 'B line' } } },
      { name: 'rename line', request: { method: 'PUT', url: one(P.line, line.id), payload: { name: 'B', version: 1 } } },
      { name: 'delete room', request: { method: 'DELETE', url: one(P.room, room.id) } },
      { name: 'capture wax', request: { method: 'POST', url: P.waxReadingCreate, payload: wax(line.id) } },
      { name: 'edit wax', request: { method: 'PUT', url: one(P.waxReading, reading.id), payload: { readOn: '2026-03-10', readTime: '09:30', litresPerTon: 2, version: 1 } } },
      { name: 'delete wax', request: { method: 'DELETE', url: one(P.waxReading, reading.id) } },
      { name: 'capture room reading', request: { method: 'POST', url: P.roomReadingCreate, payload: roomReading(room.id) } },
      { name: 'delete room reading', request: { method: 'DELETE', url: one(P.roomReading, roomRow.id) } },
    ];
    for (const c of cases) await runTenantCase(t, w, { name: c.name, request: () => c.request, expect: 'not-found', unchanged });
    const bLines = await as(w.b.userId, w.b.organizationId, { method: 'GET', url: `${P.lines}?packhouse=${w.ph.phb}` });
    expect([bLines.statusCode, bLines.json()]).toEqual([200, []]);

    // PH2 is A's packhouse, but not assigned to A's member: its lines are there for its own member only
    const ph2Member = await member('ph2-member', [PERMISSIONS.packhouseReadingsView, PERMISSIONS.packhouseReadingsCapture], [w.ph.ph2]);
    const ph2Line = (await as(ph2Member, w.a.organizationId, { method: 'POST', url: P.lineCreate, payload: { clientId: randomUUID(), packhouseId: w.ph.ph2, name: 'PH2 line' } })).json();
    expect(ph2Line).toMatchObject({ packhouseId: w.ph.ph2 });
    const unassigned: InjectOptions[] = [
      { method: 'GET', url: `${P.lines}?packhouse=${w.ph.ph2}` },
      { method: 'GET', url: `${P.waxReadings}?filter=${ph2Line.id}` },
      { method: 'POST', url: P.lineCreate, payload: { clientId: randomUUID(), packhouseId: w.ph.ph2, name: 'Mine' } },
      { method: 'POST', url: P.waxReadingCreate, payload: wax(ph2Line.id) },
      { method: 'PUT', url: one(P.line, ph2Line.id), payload: { name: 'Mine', version: 1 } },
      { method: 'DELETE', url: one(P.line, ph2Line.id) },
    ];
    for (const request of unassigned) expect((await asA(request)).statusCode, `${request.method} ${request.url}`).toBe(404);
    expect((await as(ph2Member, w.a.organizationId, { method: 'GET', url: `${P.waxReadings}?filter=${line.id}` })).statusCode).toBe(404);
    expect(await t.db.select().from(packhouseLines)).toContainEqual(expect.objectContaining({ id: ph2Line.id, name: 'PH2 line' }));

    // a capture id another member's row holds answers 409, never that row
    const hidden = await asA({ method: 'POST', url: P.lineCreate, payload: { clientId: ph2Line.clientId, packhouseId: w.ph.ph1, name: 'Same id' } });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.body).not.toContain('PH2 line');

    const viewer = await member('readings-viewer', [PERMISSIONS.packhouseReadingsView], [w.ph.ph1]);
    expect((await as(viewer, w.a.organizationId, { method: 'GET', url: `${P.waxReadings}?filter=${line.id}` })).json().totalRecords).toBe(1);
    expect((await as(viewer, w.a.organizationId, { method: 'POST', url: P.waxReadingCreate, payload: wax(line.id) })).statusCode).toBe(403);
    expect((await as(viewer, w.a.organizationId, { method: 'DELETE', url: one(P.room, room.id) })).statusCode).toBe(403);
    const nobody = await member('readings-nobody', [PERMISSIONS.trapsView], [w.ph.ph1]);
    expect((await as(nobody, w.a.organizationId, { method: 'GET', url: `${P.lines}?packhouse=${w.ph.ph1}` })).statusCode).toBe(403);
    expect((await as(nobody, w.a.organizationId, { method: 'GET', url: P.packhouses })).statusCode).toBe(403);
    expect(await t.db.select().from(storageRooms)).toContainEqual(expect.objectContaining({ id: room.id }));
  });
});
