import { businessTimestamp, PERMISSIONS } from '@orchard/shared/core';
import { LOGIN_HISTORY_CSV_COLUMNS, LOGIN_HISTORY_EXPORT_NAMES, LOGIN_HISTORY_PATHS } from '@orchard/shared/login-history';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, assignFarms, createRole, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase, type TenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { areas, exportLogs, farms, legalEntities, loginEvents, regions, userFarms } from '../../db/schema/index';

const NOW = new Date('2026-03-15T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

interface Row {
  userId: number;
  user: string;
  userName: string;
  weekCount: number;
  monthCount: number;
  lastThreeMonths: number;
  lastLogin: string | null;
}

describe('login history', () => {
  let t: TestApp;
  let w: TenantWorld;
  const ids = {} as {
    areaX: number;
    areaY: number;
    areaB: number;
    areaZ: number;
    f1: number;
    f2: number;
    manager: number;
    scout: number;
    viewerRole: number;
    roleB: number;
    bob: number;
    carol: number;
    dave: number;
    viewer: number;
  };

  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (url: string) => as(w.a.userId, w.a.organizationId, { method: 'GET', url });
  const historyA = async (search = '') => {
    const res = await asA(`${LOGIN_HISTORY_PATHS.history}${search}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row[];
  };
  const names = (rows: Row[]) => rows.map((r) => r.userName);

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => NOW } });
    w = await createTenantWorld(t);
    const A = w.a.organizationId;
    const B = w.b.organizationId;

    const [r1, r2] = await t.db.insert(regions).values([{ regionName: 'LH Region One' }, { regionName: 'LH Region Two' }]).returning();
    const [x, y, zb, z] = await t.db
      .insert(areas)
      .values([
        { areaName: 'LH Xanadu', regionId: r1!.id },
        { areaName: 'LH Yonder', regionId: r2!.id },
        { areaName: `LH B only ${w.b.canary}`, regionId: r2!.id },
        { areaName: 'LH Zenith', regionId: r1!.id },
      ])
      .returning();
    Object.assign(ids, { areaX: x!.id, areaY: y!.id, areaB: zb!.id, areaZ: z!.id });
    const [leA, leB] = await t.db.insert(legalEntities).values([{ organizationId: A, name: 'LE A' }, { organizationId: B, name: 'LE B' }]).returning();
    // A's member is assigned F1 and F2 (below), not F4: Zenith is not among their areas (data-rules/farm-scope)
    const [f1, f2, , fb] = await t.db
      .insert(farms)
      .values([
        { organizationId: A, legalEntityId: leA!.id, farmName: 'F1', areaId: x!.id },
        { organizationId: A, legalEntityId: leA!.id, farmName: 'F2', areaId: y!.id },
        { organizationId: A, legalEntityId: leA!.id, farmName: 'F3', areaId: x!.id },
        { organizationId: B, legalEntityId: leB!.id, farmName: 'FB', areaId: zb!.id },
        { organizationId: A, legalEntityId: leA!.id, farmName: 'F4', areaId: z!.id },
      ])
      .returning();
    Object.assign(ids, { f1: f1!.id, f2: f2!.id });

    const manager = await createRole(t.db, A, 'Manager', []);
    const scout = await createRole(t.db, A, 'Scout', []);
    const viewerRole = await createRole(t.db, A, 'No login history', [PERMISSIONS.usersView]);
    const roleB = await createRole(t.db, B, `Role B ${w.b.canary}`, []);
    const bob = await createUser(t.db, 'lh-bob', { fullName: 'Bob Botha' });
    const carol = await createUser(t.db, 'lh-carol', { fullName: '=SUM(1,2)' });
    const dave = await createUser(t.db, 'lh-dave', { fullName: '' });
    const eve = await createUser(t.db, 'lh-eve', { fullName: `Eve ${w.b.canary}` });
    const viewer = await createUser(t.db, 'lh-viewer', { fullName: 'Viewer Only' });
    await addMember(t.db, bob.id, A, [manager.id]);
    await addMember(t.db, carol.id, A, [scout.id]);
    await addMember(t.db, dave.id, A, [manager.id]);
    await addMember(t.db, dave.id, B, [roleB.id]);
    await addMember(t.db, eve.id, B, [roleB.id]);
    await addMember(t.db, viewer.id, A, [viewerRole.id]);
    await t.db.insert(userFarms).values([
      { userId: w.a.userId, farmId: f1!.id, organizationId: A },
      { userId: w.a.userId, farmId: f2!.id, organizationId: A },
      { userId: bob.id, farmId: f2!.id, organizationId: A },
      { userId: dave.id, farmId: f1!.id, organizationId: A },
      { userId: dave.id, farmId: fb!.id, organizationId: B },
      { userId: eve.id, farmId: fb!.id, organizationId: B },
    ]);
    Object.assign(ids, { manager: manager.id, scout: scout.id, viewerRole: viewerRole.id, roleB: roleB.id, bob: bob.id, carol: carol.id, dave: dave.id, viewer: viewer.id });

    const ok = (userId: number, organizationId: number, days: number) => ({
      userId,
      userNameAttempted: 'x',
      organizationId,
      occurredAt: daysAgo(days),
      success: true,
    });
    await t.db.insert(loginEvents).values([
      // bob in A: 2 in the last 7 days, 4 in 30, 6 in 90, one older; failures never count
      ...[1, 6.9, 7.1, 29, 31, 89, 91, 200].map((d) => ok(bob.id, A, d)),
      { userId: bob.id, userNameAttempted: 'lh-bob', organizationId: null, occurredAt: daysAgo(0.5), success: false, failureReason: 'bad_password' },
      { userId: bob.id, userNameAttempted: 'lh-bob', organizationId: A, occurredAt: daysAgo(0.4), success: false, failureReason: 'bad_password' },
      // carol: once, 10 days ago
      ok(carol.id, A, 10),
      // dave: once into A, twice into B (those belong to B)
      ok(dave.id, A, 2),
      ok(dave.id, B, 0.1),
      ok(dave.id, B, 3),
      // eve only signs in to B
      ok(eve.id, B, 0.2),
      // a sign-in without organisation (no last organisation yet) counts nowhere
      { ...ok(carol.id, A, 1), organizationId: null },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the areas of the organisation's farms assigned to the caller (with region) and its roles", async () => {
    const areasRes = await asA(LOGIN_HISTORY_PATHS.areas);
    expect(areasRes.statusCode, areasRes.body).toBe(200);
    expect(areasRes.json()).toEqual([
      { id: ids.areaX, area_Name: 'LH Xanadu', region: 'LH Region One' },
      { id: ids.areaY, area_Name: 'LH Yonder', region: 'LH Region Two' },
    ]);
    const rolesRes = await asA(LOGIN_HISTORY_PATHS.roles);
    expect(rolesRes.statusCode).toBe(200);
    expect(rolesRes.json().map((r: { name: string }) => r.name)).toEqual([`Everything ${w.a.canary}`, 'Manager', 'No login history', 'Scout']);
  });

  it('counts successful sign-ins into the organisation over the last 7, 30 and 90 days, with the latest', async () => {
    const rows = await historyA();
    // by the name shown: the full name, or the user name when there is none
    expect(rows.map((r) => r.user)).toEqual(['=SUM(1,2)', 'Bob Botha', 'lh-dave', `Member ${w.a.canary}`, 'Viewer Only']);
    const byName = new Map(rows.map((r) => [r.userName, r]));
    expect(byName.get('lh-bob')).toEqual({
      userId: ids.bob,
      user: 'Bob Botha',
      userName: 'lh-bob',
      weekCount: 2,
      monthCount: 4,
      lastThreeMonths: 6,
      lastLogin: daysAgo(1).toISOString(),
    });
    expect(byName.get('lh-carol')).toMatchObject({ weekCount: 0, monthCount: 1, lastThreeMonths: 1, lastLogin: daysAgo(10).toISOString() });
    // dave's sign-ins into B are B's
    expect(byName.get('lh-dave')).toMatchObject({ weekCount: 1, monthCount: 1, lastThreeMonths: 1, lastLogin: daysAgo(2).toISOString() });
    expect(byName.get(w.a.userName)).toMatchObject({ weekCount: 0, monthCount: 0, lastThreeMonths: 0, lastLogin: null });
    expect(byName.has('lh-eve')).toBe(false);
  });

  it('filters by area (members with a farm there) and by role, with repeated or comma-separated parameters', async () => {
    expect(names(await historyA(`?areas=${ids.areaY}`))).toEqual(['lh-bob', w.a.userName]);
    expect(names(await historyA(`?areas=${ids.areaX}`))).toEqual(['lh-dave', w.a.userName]);
    expect(names(await historyA(`?areas=${ids.areaX}&areas=${ids.areaY}`))).toEqual(['lh-bob', 'lh-dave', w.a.userName]);
    expect(names(await historyA(`?roles=${ids.scout}`))).toEqual(['lh-carol']);
    expect(names(await historyA(`?roles=${ids.scout},${ids.manager}`))).toEqual(['lh-carol', 'lh-bob', 'lh-dave']);
    expect(names(await historyA(`?roles=${ids.manager}&areas=${ids.areaY}`))).toEqual(['lh-bob']);
    // the published path in any case
    const lower = await asA(`/api/management/getloginhistory?roles=${ids.scout}`);
    expect(lower.statusCode).toBe(200);
    expect(lower.json().map((r: Row) => r.userName)).toEqual(['lh-carol']);
  });

  it('refuses malformed filters with 400 and areas or roles that are not the organisation\'s with 404', async () => {
    expect((await asA(`${LOGIN_HISTORY_PATHS.history}?areas=abc`)).statusCode).toBe(400);
    expect((await asA(`${LOGIN_HISTORY_PATHS.history}?roles=-1`)).statusCode).toBe(400);
    for (const search of [`?areas=${ids.areaB}`, '?areas=999999', `?roles=${ids.roleB}`, `?roles=${ids.scout}&roles=999999`]) {
      const res = await asA(`${LOGIN_HISTORY_PATHS.history}${search}`);
      expect(res.statusCode, search).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it("limits the Area list and filter to the caller's farms: another area answers 404 as another organisation's does", async () => {
    const member = async (userName: string, farmIds: number[]) => {
      const role = await createRole(t.db, w.a.organizationId, `Login history ${userName}`, [PERMISSIONS.managementLoginHistory]);
      const user = await createUser(t.db, userName);
      await addMember(t.db, user.id, w.a.organizationId, [role.id]);
      await assignFarms(t.db, user.id, w.a.organizationId, farmIds);
      return user.id;
    };
    const oneFarm = await member('lh-one-farm', [ids.f2]);
    const none = await member('lh-no-farms', []);
    const get = (userId: number, url: string) => as(userId, w.a.organizationId, { method: 'GET', url });
    expect((await get(oneFarm, LOGIN_HISTORY_PATHS.areas)).json()).toEqual([{ id: ids.areaY, area_Name: 'LH Yonder', region: 'LH Region Two' }]);
    expect((await get(none, LOGIN_HISTORY_PATHS.areas)).json()).toEqual([]);
    expect(((await get(oneFarm, `${LOGIN_HISTORY_PATHS.history}?areas=${ids.areaY}`)).json() as Row[]).map((r) => r.userName)).toEqual([
      'lh-bob',
      'lh-one-farm',
      w.a.userName,
    ]);
    for (const [userId, search] of [
      [oneFarm, `?areas=${ids.areaX}`],
      [none, `?areas=${ids.areaY}`],
      [w.a.userId, `?areas=${ids.areaZ}`],
    ] as const) {
      const res = await get(userId, `${LOGIN_HISTORY_PATHS.history}${search}`);
      expect(res.statusCode, search).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // the members and their sign-ins are not farm data: without an area filter everyone shows
    expect(((await get(none, LOGIN_HISTORY_PATHS.history)).json() as Row[]).map((r) => r.userName)).toContain('lh-bob');
  });

  it('needs management.loginHistory (403 without it, 401 without a token)', async () => {
    for (const url of Object.values(LOGIN_HISTORY_PATHS)) {
      const res = await as(ids.viewer, w.a.organizationId, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('exports the same rows as CSV, neutralising formula-leading cells, and logs the export', async () => {
    const before = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    const url = `${LOGIN_HISTORY_PATHS.export}?areas=${ids.areaX}&areas=${ids.areaY}&roles=${ids.manager}&roles=${ids.scout}`;
    const res = await asA(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="LoginHistory-2026-03-15-12-00-00.csv"');
    const records = parse(res.body) as string[][];
    expect(records[0]).toEqual(LOGIN_HISTORY_CSV_COLUMNS.map((c) => c.header));
    expect(records.slice(1)).toEqual([
      ['Bob Botha', 'lh-bob', '2', '4', '6', businessTimestamp(daysAgo(1))],
      ['lh-dave', 'lh-dave', '1', '1', '1', businessTimestamp(daysAgo(2))],
    ]);
    const scouts = parse((await asA(`${LOGIN_HISTORY_PATHS.export}?roles=${ids.scout}`)).body) as string[][];
    expect(scouts[1]).toEqual(["'=SUM(1,2)", 'lh-carol', '0', '1', '1', businessTimestamp(daysAgo(10))]);

    const after = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    expect(after).toHaveLength(before.length + 2);
    const log = after.find((l) => !before.some((b) => b.id === l.id) && l.url === url);
    expect(log).toMatchObject({
      userId: w.a.userId,
      componentName: LOGIN_HISTORY_EXPORT_NAMES.componentName,
      reportName: LOGIN_HISTORY_EXPORT_NAMES.reportName,
      size: Buffer.byteLength(res.body, 'utf8'),
    });
    expect(log!.exportTime.toISOString()).toBe(NOW.toISOString());
  });

  it('an export refused for a foreign role writes no log', async () => {
    const count = async () => (await t.db.select().from(exportLogs)).length;
    const before = await count();
    expect((await asA(`${LOGIN_HISTORY_PATHS.export}?roles=${ids.roleB}`)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  describe('tenant matrix', () => {
    const cases = (): TenantCase[] => [
      { name: 'history without filters', expect: 'no-leak', request: () => ({ method: 'GET', url: LOGIN_HISTORY_PATHS.history }) },
      { name: 'areas', expect: 'no-leak', request: () => ({ method: 'GET', url: LOGIN_HISTORY_PATHS.areas }) },
      { name: 'roles', expect: 'no-leak', request: () => ({ method: 'GET', url: LOGIN_HISTORY_PATHS.roles }) },
      { name: "history by A's area", expect: 'not-found', request: () => ({ method: 'GET', url: `${LOGIN_HISTORY_PATHS.history}?areas=${ids.areaY}` }) },
      { name: "history by A's role", expect: 'not-found', request: () => ({ method: 'GET', url: `${LOGIN_HISTORY_PATHS.history}?roles=${ids.manager}` }) },
      { name: 'export without filters', expect: 'no-leak', request: () => ({ method: 'GET', url: LOGIN_HISTORY_PATHS.export }) },
      { name: "export by A's role", expect: 'not-found', request: () => ({ method: 'GET', url: `${LOGIN_HISTORY_PATHS.export}?roles=${ids.scout}` }) },
    ];

    it("B's member never sees A's users, areas, roles or sign-ins", async () => {
      for (const c of cases()) await runTenantCase(t, w, c);
      const res = await as(w.b.userId, w.b.organizationId, { method: 'GET', url: LOGIN_HISTORY_PATHS.history });
      const rows = res.json() as Row[];
      expect(names(rows).sort()).toEqual(['lh-dave', 'lh-eve', w.b.userName].sort());
      // dave's row in B counts B's sign-ins only
      expect(rows.find((r) => r.userName === 'lh-dave')).toMatchObject({ weekCount: 2, lastLogin: daysAgo(0.1).toISOString() });
      for (const r of rows) expect(['lh-bob', 'lh-carol', w.a.userName]).not.toContain(r.userName);
    });

    it("A's answers carry none of B's canaries", async () => {
      for (const url of [LOGIN_HISTORY_PATHS.history, LOGIN_HISTORY_PATHS.areas, LOGIN_HISTORY_PATHS.roles, LOGIN_HISTORY_PATHS.export]) {
        expect((await asA(url)).body).not.toContain(w.b.canary);
      }
    });
  });
});

