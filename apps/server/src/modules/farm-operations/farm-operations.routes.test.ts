import { PERMISSIONS } from '@orchard/shared/core';
import {
  FARM_OPERATIONS_CSV_COLUMNS,
  FARM_OPERATIONS_EXPORT_NAMES,
  FARM_OPERATIONS_PATHS,
} from '@orchard/shared/farm-operations';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, assignFarms, createRole, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase, type TenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { exportLogs, farmBlocks, farms, legalEntities, scoutingSessions, varieties } from '../../db/schema/index';

// "today" is 30 June 2025 in South Africa
const NOW = new Date('2025-06-30T08:00:00+02:00');
/** a South African wall-clock time (UTC+2) */
const sa = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

interface Row {
  id: number;
  scoutName: string;
  blockName: string;
  farmName: string;
  ha: number;
  scoutDate: string;
  startTime: string;
  endTime: string;
  totalMinutes: number;
  minutesPerHa: number | null;
}

describe('farm operations', () => {
  let t: TestApp;
  let w: TenantWorld;
  const ids = {} as {
    alpha: number;
    beta: number;
    gamma: number;
    farmB: number;
    viewer: number;
    s1: number;
    s2: number;
    s3: number;
    s4: number;
    s5: number;
    s6: number;
    s7: number;
  };

  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (url: string) => as(w.a.userId, w.a.organizationId, { method: 'GET', url });
  const sessionsA = async (search: string) => {
    const res = await asA(`${FARM_OPERATIONS_PATHS.sessions}?${search}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row[];
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => NOW } });
    w = await createTenantWorld(t);
    const A = w.a.organizationId;
    const B = w.b.organizationId;
    const [variety] = await t.db.insert(varieties).values({ varietyName: 'FO Navel', commodity: 'Oranges' }).returning();
    const [leA, leB] = await t.db.insert(legalEntities).values([{ organizationId: A, name: 'FO LE A' }, { organizationId: B, name: 'FO LE B' }]).returning();
    // A's member is assigned Alpha and Beta, not Gamma (data-rules/farm-scope): Gamma's sessions never show to them
    const [alpha, beta, farmB, gamma] = await t.db
      .insert(farms)
      .values([
        { organizationId: A, legalEntityId: leA!.id, farmName: 'FO Alpha' },
        { organizationId: A, legalEntityId: leA!.id, farmName: 'FO Beta' },
        { organizationId: B, legalEntityId: leB!.id, farmName: `FO B ${w.b.canary}` },
        { organizationId: A, legalEntityId: leA!.id, farmName: 'FO Gamma' },
      ])
      .returning();
    await assignFarms(t.db, w.a.userId, A, [alpha!.id, beta!.id]);
    await assignFarms(t.db, w.b.userId, B, [farmB!.id]);
    const block = (organizationId: number, farmId: number, name: string, ha: number) => ({ organizationId, farmId, name, ha, varietyId: variety!.id });
    const [a1, a2, b1, bb, g1] = await t.db
      .insert(farmBlocks)
      .values([
        block(A, alpha!.id, 'A1', 2.5),
        block(A, alpha!.id, 'A2 unmeasured', 0),
        block(A, beta!.id, '=B1', 4),
        block(B, farmB!.id, `BB ${w.b.canary}`, 1),
        block(A, gamma!.id, 'G1', 2),
      ])
      .returning();
    const sipho = await createUser(t.db, 'fo-sipho', { fullName: 'Sipho Ndlovu' });
    const anna = await createUser(t.db, 'fo-anna', { fullName: '' });
    const bScout = await createUser(t.db, 'fo-b-scout', { fullName: `B Scout ${w.b.canary}` });
    const viewerRole = await createRole(t.db, A, 'No farm operations', [PERMISSIONS.dashboardPest]);
    const viewer = await createUser(t.db, 'fo-viewer', { fullName: 'Viewer' });
    const scoutRole = await createRole(t.db, A, 'Scout', [PERMISSIONS.scoutingView]);
    await addMember(t.db, sipho.id, A, [scoutRole.id]);
    await addMember(t.db, anna.id, A, [scoutRole.id]);
    await addMember(t.db, viewer.id, A, [viewerRole.id]);
    await addMember(t.db, bScout.id, B, []);
    const session = (organizationId: number, farmBlockId: number, scoutUserId: number, day: string, from: string, to: string) => ({
      organizationId,
      farmBlockId,
      scoutUserId,
      startedAt: sa(day, from),
      endedAt: sa(day, to),
    });
    const [s1, s2, s3, s4, s5, , s6, s7] = await t.db
      .insert(scoutingSessions)
      .values([
        session(A, a1!.id, sipho.id, '2025-06-20', '07:30', '08:15'), // 45 min on 2.5 ha: 18.00
        session(A, b1!.id, anna.id, '2025-06-20', '09:00', '10:10'), // 70 min on 4 ha: 17.50
        session(A, a2!.id, sipho.id, '2025-06-20', '13:00', '13:20'), // 20 min on a block without area: no figure
        session(A, a1!.id, sipho.id, '2025-06-21', '00:30', '01:00'), // 22:30 UTC on the 20th: South Africa's 21st
        { ...session(A, b1!.id, anna.id, '2025-06-18', '14:00', '15:00'), pest: 'Red scale', pestCount: 12, severity: 3 }, // 60 min on 4 ha: 15.00
        session(B, bb!.id, bScout.id, '2025-06-20', '08:00', '09:00'),
        session(A, g1!.id, sipho.id, '2025-06-20', '11:00', '11:40'), // Gamma: 40 min on 2 ha
        session(A, g1!.id, sipho.id, '2025-06-19', '10:00', '10:30'), // the only scouting on the 19th
      ])
      .returning();
    Object.assign(ids, {
      alpha: alpha!.id,
      beta: beta!.id,
      gamma: gamma!.id,
      farmB: farmB!.id,
      viewer: viewer.id,
      s1: s1!.id,
      s2: s2!.id,
      s3: s3!.id,
      s4: s4!.id,
      s5: s5!.id,
      s6: s6!.id,
      s7: s7!.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the organisation's farms assigned to the caller, by name", async () => {
    const res = await asA(FARM_OPERATIONS_PATHS.farms);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: ids.alpha, farmName: 'FO Alpha' },
      { id: ids.beta, farmName: 'FO Beta' },
    ]);
  });

  it('lists the South African days with scouting, for every farm or the chosen ones', async () => {
    const all = await asA(FARM_OPERATIONS_PATHS.scoutedDates);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual(['2025-06-18', '2025-06-20', '2025-06-21']);
    expect((await asA(`${FARM_OPERATIONS_PATHS.scoutedDates}?farms=${ids.alpha}`)).json()).toEqual(['2025-06-20', '2025-06-21']);
    expect((await asA(`${FARM_OPERATIONS_PATHS.scoutedDates}?farms=${ids.beta}`)).json()).toEqual(['2025-06-18', '2025-06-20']);
  });

  it("answers the day's sessions by start time with duration and minutes per ha", async () => {
    const rows = await sessionsA('date=2025-06-20');
    expect(rows).toEqual([
      {
        id: ids.s1,
        scoutName: 'Sipho Ndlovu',
        blockName: 'A1',
        farmName: 'FO Alpha',
        ha: 2.5,
        scoutDate: '2025-06-20',
        startTime: '2025-06-20T05:30:00.000Z',
        endTime: '2025-06-20T06:15:00.000Z',
        totalMinutes: 45,
        minutesPerHa: 18,
      },
      {
        id: ids.s2,
        scoutName: 'fo-anna',
        blockName: '=B1',
        farmName: 'FO Beta',
        ha: 4,
        scoutDate: '2025-06-20',
        startTime: '2025-06-20T07:00:00.000Z',
        endTime: '2025-06-20T08:10:00.000Z',
        totalMinutes: 70,
        minutesPerHa: 17.5,
      },
      expect.objectContaining({ id: ids.s3, blockName: 'A2 unmeasured', ha: 0, totalMinutes: 20, minutesPerHa: null }),
    ]);
  });

  it('takes the day in South African time and filters by farm', async () => {
    expect((await sessionsA('date=2025-06-21')).map((r) => [r.id, r.scoutDate])).toEqual([[ids.s4, '2025-06-21']]);
    expect((await sessionsA(`date=2025-06-20&farms=${ids.beta}`)).map((r) => r.id)).toEqual([ids.s2]);
    expect((await sessionsA(`date=2025-06-20&farms=${ids.alpha},${ids.beta}`)).map((r) => r.id)).toEqual([ids.s1, ids.s2, ids.s3]);
    expect(await sessionsA('date=2025-06-19')).toEqual([]);
  });

  it('refuses a malformed day or farm with 400 and a farm of another organisation with 404', async () => {
    for (const search of ['', 'date=2025-02-30', 'date=20-06-2025', 'date=2025-06-20&farms=abc']) {
      expect((await asA(`${FARM_OPERATIONS_PATHS.sessions}?${search}`)).statusCode, search).toBe(400);
    }
    for (const url of [
      `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20&farms=${ids.farmB}`,
      `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20&farms=${ids.alpha}&farms=999999`,
      `${FARM_OPERATIONS_PATHS.scoutedDates}?farms=${ids.farmB}`,
      `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21&farms=${ids.farmB}`,
    ]) {
      const res = await asA(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('needs dashboard.farmOperations (403 without it, 401 without a token)', async () => {
    for (const url of [
      FARM_OPERATIONS_PATHS.farms,
      FARM_OPERATIONS_PATHS.scoutedDates,
      `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20`,
      `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21`,
    ]) {
      const res = await as(ids.viewer, w.a.organizationId, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('exports the range as CSV (times as h:mm am/pm, formula cells neutralised) and logs the export', async () => {
    const before = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    const url = `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21`;
    const res = await asA(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Farm_Operations_2025-06-18 - 2025-06-21.csv"');
    const records = parse(res.body) as string[][];
    expect(records[0]).toEqual(FARM_OPERATIONS_CSV_COLUMNS.map((c) => c.header));
    expect(records.slice(1)).toEqual([
      ['fo-anna', 'FO Beta', "'=B1", '4', '2025-06-18', '2:00 pm', '3:00 pm', '60', '15.00'],
      ['Sipho Ndlovu', 'FO Alpha', 'A1', '2.5', '2025-06-20', '7:30 am', '8:15 am', '45', '18.00'],
      ['fo-anna', 'FO Beta', "'=B1", '4', '2025-06-20', '9:00 am', '10:10 am', '70', '17.50'],
      ['Sipho Ndlovu', 'FO Alpha', 'A2 unmeasured', '0', '2025-06-20', '1:00 pm', '1:20 pm', '20', ''],
      ['Sipho Ndlovu', 'FO Alpha', 'A1', '2.5', '2025-06-21', '12:30 am', '1:00 am', '30', '12.00'],
    ]);
    const beta = parse((await asA(`${url}&farms=${ids.beta}`)).body) as string[][];
    expect(beta.slice(1).map((r) => r[4])).toEqual(['2025-06-18', '2025-06-20']);

    const after = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    expect(after).toHaveLength(before.length + 2);
    const log = after.find((l) => !before.some((b) => b.id === l.id) && l.url === url);
    expect(log).toMatchObject({
      userId: w.a.userId,
      componentName: FARM_OPERATIONS_EXPORT_NAMES.componentName,
      reportName: FARM_OPERATIONS_EXPORT_NAMES.reportName,
      size: Buffer.byteLength(res.body, 'utf8'),
    });
    expect(log!.exportTime.toISOString()).toBe(NOW.toISOString());
  });

  it('refuses a range over 31 days, reversed or reaching past today with 400, and logs nothing', async () => {
    const count = async () => (await t.db.select().from(exportLogs)).length;
    const before = await count();
    expect((await asA(`${FARM_OPERATIONS_PATHS.export}?start=2025-05-30&end=2025-06-30`)).statusCode).toBe(200);
    for (const [start, end] of [
      ['2025-05-29', '2025-06-30'],
      ['2025-06-21', '2025-06-18'],
      ['2025-06-25', '2025-07-01'],
    ] as const) {
      const res = await asA(`${FARM_OPERATIONS_PATHS.export}?start=${start}&end=${end}`);
      expect(res.statusCode, `${start} ${end}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await count()).toBe(before + 1);
  });

  describe('farm assignments', () => {
    const member = async (userName: string, farmIds: number[]) => {
      const role = await createRole(t.db, w.a.organizationId, `Farm operations ${userName}`, [PERMISSIONS.dashboardFarmOperations]);
      const user = await createUser(t.db, userName);
      await addMember(t.db, user.id, w.a.organizationId, [role.id]);
      await assignFarms(t.db, user.id, w.a.organizationId, farmIds);
      return user.id;
    };
    const read = async (userId: number, url: string) => {
      const res = await as(userId, w.a.organizationId, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res;
    };

    it('a member assigned Alpha and Gamma sees those two farms, their days, sessions and export only', async () => {
      const two = await member('fo-two-farms', [ids.alpha, ids.gamma]);
      expect((await read(two, FARM_OPERATIONS_PATHS.farms)).json()).toEqual([
        { id: ids.alpha, farmName: 'FO Alpha' },
        { id: ids.gamma, farmName: 'FO Gamma' },
      ]);
      expect((await read(two, FARM_OPERATIONS_PATHS.scoutedDates)).json()).toEqual(['2025-06-19', '2025-06-20', '2025-06-21']);
      expect(((await read(two, `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20`)).json() as Row[]).map((r) => r.id)).toEqual([ids.s1, ids.s6, ids.s3]);
      const csv = parse((await read(two, `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21`)).body) as string[][];
      expect(csv.slice(1).map((r) => r[1])).toEqual(['FO Gamma', 'FO Alpha', 'FO Gamma', 'FO Alpha', 'FO Alpha']);
      // Beta is not theirs: 404 like another organisation's farm
      for (const url of [
        `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20&farms=${ids.beta}`,
        `${FARM_OPERATIONS_PATHS.scoutedDates}?farms=${ids.alpha},${ids.beta}`,
        `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21&farms=${ids.beta}`,
      ]) {
        const res = await as(two, w.a.organizationId, { method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      // and A's member, assigned Alpha and Beta, gets 404 for Gamma
      expect((await asA(`${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20&farms=${ids.gamma}`)).statusCode).toBe(404);
    });

    it('a member with no farm assigned sees no farm, day or session', async () => {
      const none = await member('fo-no-farms', []);
      expect((await read(none, FARM_OPERATIONS_PATHS.farms)).json()).toEqual([]);
      expect((await read(none, FARM_OPERATIONS_PATHS.scoutedDates)).json()).toEqual([]);
      expect((await read(none, `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20`)).json()).toEqual([]);
      const csv = parse((await read(none, `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21`)).body) as string[][];
      expect(csv).toEqual([FARM_OPERATIONS_CSV_COLUMNS.map((c) => c.header)]);
      expect((await as(none, w.a.organizationId, { method: 'GET', url: `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20&farms=${ids.alpha}` })).statusCode).toBe(404);
    });
  });

  describe('tenant matrix', () => {
    const cases = (): TenantCase[] => [
      { name: 'farms', expect: 'no-leak', request: () => ({ method: 'GET', url: FARM_OPERATIONS_PATHS.farms }) },
      { name: 'scouted dates', expect: 'no-leak', request: () => ({ method: 'GET', url: FARM_OPERATIONS_PATHS.scoutedDates }) },
      { name: 'sessions of a day A scouted', expect: 'no-leak', request: () => ({ method: 'GET', url: `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20` }) },
      { name: "sessions by A's farm", expect: 'not-found', request: () => ({ method: 'GET', url: `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20&farms=${ids.alpha}` }) },
      { name: "scouted dates by A's farm", expect: 'not-found', request: () => ({ method: 'GET', url: `${FARM_OPERATIONS_PATHS.scoutedDates}?farms=${ids.beta}` }) },
      { name: 'export', expect: 'no-leak', request: () => ({ method: 'GET', url: `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21` }) },
      { name: "export by A's farm", expect: 'not-found', request: () => ({ method: 'GET', url: `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21&farms=${ids.alpha}` }) },
    ];

    it("B's member never sees A's farms, blocks, scouts or sessions", async () => {
      const countA = async () => (await t.db.select().from(scoutingSessions).where(eq(scoutingSessions.organizationId, w.a.organizationId))).length;
      const before = await countA();
      for (const c of cases()) await runTenantCase(t, w, c);
      expect(await countA()).toBe(before);
      const res = await as(w.b.userId, w.b.organizationId, { method: 'GET', url: `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20` });
      const rows = res.json() as Row[];
      expect(rows.map((r) => r.blockName)).toEqual([`BB ${w.b.canary}`]);
      expect((await as(w.b.userId, w.b.organizationId, { method: 'GET', url: FARM_OPERATIONS_PATHS.scoutedDates })).json()).toEqual(['2025-06-20']);
    });

    it("A's answers carry none of B's canaries", async () => {
      for (const url of [
        FARM_OPERATIONS_PATHS.farms,
        FARM_OPERATIONS_PATHS.scoutedDates,
        `${FARM_OPERATIONS_PATHS.sessions}?date=2025-06-20`,
        `${FARM_OPERATIONS_PATHS.export}?start=2025-06-18&end=2025-06-21`,
      ]) {
        expect((await asA(url)).body).not.toContain(w.b.canary);
      }
    });
  });
});
