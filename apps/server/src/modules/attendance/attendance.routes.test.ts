import {
  ATTENDANCE_CSV_COLUMNS,
  ATTENDANCE_EXPORT_NAMES,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_PATHS,
} from '@orchard/shared/attendance';
import { PERMISSIONS } from '@orchard/shared/core';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createRole, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase, type TenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { attendanceRecords, exportLogs } from '../../db/schema/index';

let now = new Date('2026-03-15T10:00:00Z');

describe('time logger', () => {
  let t: TestApp;
  let w: TenantWorld;
  const ids = {} as { worker: number; viewer: number; both: number };

  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const worker = (options: InjectOptions) => as(ids.worker, w.a.organizationId, options);
  /** saves a record as the worker at `iso` */
  const save = async (iso: string, type: number, extra: { lat?: number | null; lng?: number | null } = {}) => {
    now = new Date(iso);
    return worker({ method: 'POST', url: ATTENDANCE_PATHS.records, payload: { type, ...extra } });
  };
  const saved = async (iso: string, type: number, extra: { lat?: number | null; lng?: number | null } = {}) => {
    const res = await save(iso, type, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; date: string; type: number; lat: number | null; lng: number | null };
  };
  const recordsOf = (userId: number, organizationId: number) =>
    t.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.userId, userId), eq(attendanceRecords.organizationId, organizationId)));

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => now } });
    w = await createTenantWorld(t);
    const A = w.a.organizationId;
    const B = w.b.organizationId;
    const logger = await createRole(t.db, A, 'Logs time', [PERMISSIONS.attendanceLog]);
    const viewerRole = await createRole(t.db, A, 'No time', [PERMISSIONS.usersView]);
    const loggerB = await createRole(t.db, B, `Logs time ${w.b.canary}`, [PERMISSIONS.attendanceLog]);
    const workerUser = await createUser(t.db, 'att-worker', { fullName: '=HYPERLINK("x")' });
    const viewer = await createUser(t.db, 'att-viewer', { fullName: 'Viewer' });
    const both = await createUser(t.db, 'att-both', { fullName: 'In Both' });
    await addMember(t.db, workerUser.id, A, [logger.id]);
    await addMember(t.db, viewer.id, A, [viewerRole.id]);
    await addMember(t.db, both.id, A, [logger.id]);
    await addMember(t.db, both.id, B, [loggerB.id]);
    Object.assign(ids, { worker: workerUser.id, viewer: viewer.id, both: both.id });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts stopped: 00:00:00, not recording, zero hours in the last three months', async () => {
    now = new Date('2025-12-01T08:00:00Z');
    const last = await worker({ method: 'GET', url: ATTENDANCE_PATHS.last });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toEqual({ hour: 0, min: 0, sec: 0, isRecording: false });
    const logs = await worker({ method: 'GET', url: ATTENDANCE_PATHS.logs });
    expect(logs.json()).toEqual([{ fullName: '=HYPERLINK("x")', hoursLastMonths: [0, 0, 0], lastMonths: ['Oct 2025', 'Nov 2025', 'Dec 2025'] }]);
  });

  it('records start, pause, resume and stop; the clock follows the session; a second start is refused', async () => {
    // New Year's Eve: 23:00 to 01:00 South African time (1 h in December, 1 h in January)
    const start = await saved('2025-12-31T21:00:00Z', 1, { lat: -32.6, lng: 19.0 });
    expect(start).toMatchObject({ type: 1, date: '2025-12-31T21:00:00.000Z', lat: -32.6, lng: 19.0 });
    now = new Date('2025-12-31T21:00:05Z');
    expect((await worker({ method: 'GET', url: ATTENDANCE_PATHS.last })).json()).toEqual({ hour: 0, min: 0, sec: 5, isRecording: true });

    // starting again while recording: 409 with a clear message, nothing written
    const before = (await recordsOf(ids.worker, w.a.organizationId)).length;
    const again = await save('2025-12-31T22:00:00Z', 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: ATTENDANCE_MESSAGES.alreadyRecording });
    expect(await recordsOf(ids.worker, w.a.organizationId)).toHaveLength(before);

    await saved('2025-12-31T23:00:00Z', 2);
    expect((await worker({ method: 'GET', url: ATTENDANCE_PATHS.last })).json()).toEqual({ hour: 0, min: 0, sec: 0, isRecording: false });
    // nothing to stop or pause now
    expect((await save('2026-01-01T00:00:00Z', 2)).json().error.message).toBe(ATTENDANCE_MESSAGES.notStarted);
    expect((await save('2026-01-01T00:00:00Z', 3)).json().error.message).toBe(ATTENDANCE_MESSAGES.notRecording);

    // the last night of February: 23:00 to 02:30 (1 h in February, 2.5 h in March)
    await saved('2026-02-28T21:00:00Z', 1);
    await saved('2026-03-01T00:30:00Z', 2);
    // 10 March: 2 h, a pause (the clock keeps 02:00:00, not recording), resumed for 45 min, stopped
    await saved('2026-03-10T06:00:00Z', 1);
    await saved('2026-03-10T08:00:00Z', 3, { lat: null, lng: null });
    now = new Date('2026-03-10T08:20:00Z');
    expect((await worker({ method: 'GET', url: ATTENDANCE_PATHS.last })).json()).toEqual({ hour: 2, min: 0, sec: 0, isRecording: false });
    expect((await save('2026-03-10T08:25:00Z', 3)).statusCode).toBe(409);
    await saved('2026-03-10T08:30:00Z', 1);
    now = new Date('2026-03-10T08:31:01Z');
    expect((await worker({ method: 'GET', url: ATTENDANCE_PATHS.last })).json()).toEqual({ hour: 2, min: 1, sec: 1, isRecording: true });
    await saved('2026-03-10T09:15:00Z', 2);
    // recording now since 09:00
    await saved('2026-03-15T09:00:00Z', 1);
  });

  it('adds up the hours per South African month, an open start counting up to now', async () => {
    now = new Date('2026-03-15T10:00:30Z');
    expect((await worker({ method: 'GET', url: ATTENDANCE_PATHS.last })).json()).toEqual({ hour: 1, min: 0, sec: 30, isRecording: true });
    const res = await worker({ method: 'GET', url: ATTENDANCE_PATHS.logs });
    expect(res.statusCode, res.body).toBe(200);
    // January 1 h; February 1 h; March 2.5 + 2 + 0.75 + 1.00833 (open) = 6.25833 -> 6.26
    expect(res.json()).toEqual([{ fullName: '=HYPERLINK("x")', hoursLastMonths: [1, 1, 6.26], lastMonths: ['Jan 2026', 'Feb 2026', 'Mar 2026'] }]);
    // in April the March figures stay and the open interval runs on
    now = new Date('2026-04-01T00:00:00Z');
    // 1 April 02:00 SA: March gets 09:00 -> 22:00 UTC of the 31st... from 15 March 09:00 to 31 March 22:00 = 397 h
    expect((await worker({ method: 'GET', url: ATTENDANCE_PATHS.logs })).json()[0].hoursLastMonths).toEqual([1, 5.25 + 397, 2]);
    now = new Date('2026-03-15T10:00:30Z');
  });

  it('two starts at once (two tabs, a double click): one is saved, the other answers 409', async () => {
    now = new Date('2026-03-15T07:00:00Z');
    const racer = await createUser(t.db, 'att-racer', { fullName: 'Racer' });
    await addMember(t.db, racer.id, w.a.organizationId, [(await createRole(t.db, w.a.organizationId, 'Racer role', [PERMISSIONS.attendanceLog])).id]);
    const start = () => as(racer.id, w.a.organizationId, { method: 'POST', url: ATTENDANCE_PATHS.records, payload: { type: 1 } });
    const answers = await Promise.all([start(), start(), start()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await recordsOf(racer.id, w.a.organizationId)).toHaveLength(1);
  });

  it('refuses a malformed record with 400', async () => {
    for (const payload of [{ type: 4 }, { type: 1, lat: 91 }, { type: 'start' }, {}]) {
      const res = await worker({ method: 'POST', url: ATTENDANCE_PATHS.records, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('exports the records of the last three months as CSV, neutralising formula-leading cells, and logs the export', async () => {
    now = new Date('2026-03-15T10:00:30Z');
    const before = await t.db.select().from(exportLogs).where(eq(exportLogs.userId, ids.worker));
    const res = await worker({ method: 'GET', url: ATTENDANCE_PATHS.export });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Attendance-2026-03-15-12-00-30.csv"');
    const records = parse(res.body) as string[][];
    expect(records[0]).toEqual(ATTENDANCE_CSV_COLUMNS.map((c) => c.header));
    const user = "'=HYPERLINK(\"x\")";
    // from 1 January (South African), so the December start is not in it; times in the business
    // time zone with their offset
    expect(records.slice(1)).toEqual([
      ['2026-01-01T01:00:00+02:00', user, 'Stop', '', ''],
      ['2026-02-28T23:00:00+02:00', user, 'Start', '', ''],
      ['2026-03-01T02:30:00+02:00', user, 'Stop', '', ''],
      ['2026-03-10T08:00:00+02:00', user, 'Start', '', ''],
      ['2026-03-10T10:00:00+02:00', user, 'Pause', '', ''],
      ['2026-03-10T10:30:00+02:00', user, 'Start', '', ''],
      ['2026-03-10T11:15:00+02:00', user, 'Stop', '', ''],
      ['2026-03-15T11:00:00+02:00', user, 'Start', '', ''],
    ]);
    const after = await t.db.select().from(exportLogs).where(eq(exportLogs.userId, ids.worker));
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((l) => !before.some((b) => b.id === l.id))).toMatchObject({
      organizationId: w.a.organizationId,
      url: ATTENDANCE_PATHS.export,
      componentName: ATTENDANCE_EXPORT_NAMES.componentName,
      reportName: ATTENDANCE_EXPORT_NAMES.reportName,
      size: Buffer.byteLength(res.body, 'utf8'),
      exportTime: now,
    });
  });

  it('writes the coordinates it was given', async () => {
    const [first] = (await recordsOf(ids.worker, w.a.organizationId)).sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    expect(first).toMatchObject({ type: 1, lat: -32.6, lng: 19.0 });
  });

  it('needs attendance.log (403 without it, 401 without a token)', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: ATTENDANCE_PATHS.last },
      { method: 'GET', url: ATTENDANCE_PATHS.logs },
      { method: 'GET', url: ATTENDANCE_PATHS.export },
      { method: 'POST', url: ATTENDANCE_PATHS.records, payload: { type: 1 } },
    ];
    for (const r of requests) {
      const res = await as(ids.viewer, w.a.organizationId, r);
      expect(res.statusCode, `${r.method} ${String(r.url)}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect((await t.app.inject(r)).statusCode).toBe(401);
    }
    expect(await recordsOf(ids.viewer, w.a.organizationId)).toHaveLength(0);
  });

  it("a member of two organisations keeps one clock per organisation", async () => {
    now = new Date('2026-03-15T08:00:00Z');
    const inA = await as(ids.both, w.a.organizationId, { method: 'POST', url: ATTENDANCE_PATHS.records, payload: { type: 1 } });
    expect(inA.statusCode).toBe(201);
    now = new Date('2026-03-15T10:00:00Z');
    expect((await as(ids.both, w.b.organizationId, { method: 'GET', url: ATTENDANCE_PATHS.last })).json()).toEqual({ hour: 0, min: 0, sec: 0, isRecording: false });
    expect((await as(ids.both, w.b.organizationId, { method: 'GET', url: ATTENDANCE_PATHS.logs })).json()[0].hoursLastMonths).toEqual([0, 0, 0]);
    // starting in B is not a second start
    expect((await as(ids.both, w.b.organizationId, { method: 'POST', url: ATTENDANCE_PATHS.records, payload: { type: 1 } })).statusCode).toBe(201);
    expect((await as(ids.both, w.a.organizationId, { method: 'GET', url: ATTENDANCE_PATHS.logs })).json()[0].hoursLastMonths).toEqual([0, 0, 2]);
  });

  describe('tenant matrix', () => {
    const aRecords = () => recordsOf(ids.worker, w.a.organizationId);
    let snapshot: Awaited<ReturnType<typeof aRecords>> = [];
    const unchanged = async () => expect(await aRecords()).toEqual(snapshot);
    const cases = (): TenantCase[] => [
      { name: 'last attendance', expect: 'no-leak', request: () => ({ method: 'GET', url: ATTENDANCE_PATHS.last }) },
      { name: 'logs', expect: 'no-leak', request: () => ({ method: 'GET', url: ATTENDANCE_PATHS.logs }) },
      { name: 'export', expect: 'no-leak', request: () => ({ method: 'GET', url: ATTENDANCE_PATHS.export }) },
      { name: 'a stop in B', expect: 'no-leak', unchanged, request: () => ({ method: 'POST', url: ATTENDANCE_PATHS.records, payload: { type: 2 } }) },
      { name: 'a start in B', expect: 'no-leak', unchanged, request: () => ({ method: 'POST', url: ATTENDANCE_PATHS.records, payload: { type: 1 } }) },
    ];

    it("B's member never sees or changes A's attendance", async () => {
      now = new Date('2026-03-15T10:00:30Z');
      snapshot = await aRecords();
      for (const c of cases()) await runTenantCase(t, w, c);
      // B's member's own figures: the start just made, nothing of A's worker
      const logs = await as(w.b.userId, w.b.organizationId, { method: 'GET', url: ATTENDANCE_PATHS.logs });
      expect(logs.json()).toEqual([{ fullName: `Member ${w.b.canary}`, hoursLastMonths: [0, 0, 0], lastMonths: ['Jan 2026', 'Feb 2026', 'Mar 2026'] }]);
      // A's member asking with B's organisation header is not a member there
      const foreign = await as(ids.worker, w.b.organizationId, { method: 'GET', url: ATTENDANCE_PATHS.logs });
      expect([403, 404]).toContain(foreign.statusCode);
    });

    it("A's answers carry none of B's canaries", async () => {
      for (const url of [ATTENDANCE_PATHS.last, ATTENDANCE_PATHS.logs, ATTENDANCE_PATHS.export]) {
        expect((await as(w.a.userId, w.a.organizationId, { method: 'GET', url })).body).not.toContain(w.b.canary);
      }
    });
  });
});
