/**
 * The input checks report recomputed from known readings (the clock says 2026-03-11, South
 * African): F1 (A1, A2) and F2 (D1) are assigned to A's member, F3 to nobody.
 */
import { randomUUID } from 'node:crypto';
import { ATTENTION_PATHS } from '@orchard/shared/attention';
import { PERMISSIONS } from '@orchard/shared/core';
import { INPUT_CHECKS_CSV_COLUMNS, INPUT_CHECKS_EXPORT_NAMES, INPUT_CHECKS_PATHS, type FarmInputCheckRow } from '@orchard/shared/input-checks';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createFieldWorld, type FieldWorld } from '../../../test/helpers/field-world';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { memberWith } from '../../../test/helpers/harvest-world';
import { fixedClock } from '../../../test/helpers/picking-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { exportLogs, phenologyObservations, scoutingSessions, tensiometerReadings, waterApplied } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const exportUrl = (organizationId?: number) => `${INPUT_CHECKS_PATHS.export}${organizationId ? `?organizationId=${organizationId}` : ''}`;
const url = (organizationId?: number) => `${INPUT_CHECKS_PATHS.farmInputChecks}${organizationId ? `?organizationId=${organizationId}` : ''}`;

describe('input checks', () => {
  let t: TestApp;
  let w: FieldWorld;
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock(NOW) });
    w = await createFieldWorld(t);
    const org = w.a.organizationId;
    const base = { organizationId: org, capturedByUserId: w.a.userId };
    await t.db.insert(tensiometerReadings).values([
      { ...base, clientId: randomUUID(), farmBlockId: w.block.a1, station: 'S1', depthCm: 30, kpa: 10, readOn: '2026-03-08' },
      { ...base, clientId: randomUUID(), farmBlockId: w.block.a1, station: 'S2', depthCm: 60, kpa: 10, readOn: '2026-02-01' },
      { ...base, clientId: randomUUID(), farmBlockId: w.block.a2, station: 'S1', depthCm: 30, kpa: 10, readOn: '2026-02-25' },
      { ...base, clientId: randomUUID(), farmBlockId: w.block.x1, station: 'S1', depthCm: 30, kpa: 10, readOn: '2026-03-11' },
    ]);
    await t.db.insert(waterApplied).values([{ ...base, clientId: randomUUID(), farmBlockId: w.block.a1, appliedOn: '2026-03-11', amount: 5, unit: 'mm' }]);
    await t.db.insert(phenologyObservations).values([
      { ...base, clientId: randomUUID(), farmBlockId: w.block.a1, observedOn: '2026-02-26', stage: 'flowering', percentOfTrees: 50 },
      { ...base, clientId: randomUUID(), farmBlockId: w.block.a2, observedOn: '2026-02-26', stage: 'flowering', percentOfTrees: 50 },
      { ...base, clientId: randomUUID(), farmBlockId: w.block.d1, observedOn: '2026-01-01', stage: 'dormancy', percentOfTrees: 90 },
    ]);
    // 23:30 on the 25th in South Africa is the 25th, though it is 21:30 UTC
    await t.db.insert(scoutingSessions).values([
      { organizationId: org, farmBlockId: w.block.a2, scoutUserId: w.a.userId, startedAt: new Date('2026-02-25T23:30:00+02:00'), endedAt: new Date('2026-02-25T23:50:00+02:00') },
      { organizationId: org, farmBlockId: w.block.a1, scoutUserId: w.a.userId, startedAt: new Date('2026-03-10T23:30:00+02:00'), endedAt: new Date('2026-03-10T23:45:00+02:00') },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers one row per farm assigned to the caller, recomputed from the blocks' newest records", async () => {
    const res = await as(w.a.userId, w.a.organizationId, { method: 'GET', url: url(w.a.organizationId) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as FarmInputCheckRow[];
    expect(rows.map((r) => r.farm)).toEqual(['Aardvark', `Kransvlei ${w.a.canary}`]);
    const [f2, f1] = rows;
    expect(f1).toEqual({
      farm: `Kransvlei ${w.a.canary}`,
      // A1's newest station reading is 3 days old, A2's 14
      tensioLast: 3,
      tensioOldest: 14,
      tensioOldestId: w.block.a2,
      tensioOldestIds: ['A2'],
      // A2 never had water
      waterAppliedLast: 0,
      waterAppliedOldest: null,
      waterAppliedOldestId: w.block.a2,
      waterAppliedOldestIds: ['A2'],
      // both 13 days: the oldest, listed, but not yet stale
      phenoLast: 13,
      phenoOldest: 13,
      phenoOldestId: w.block.a1,
      phenoOldestIds: [`A1 ${w.a.canary}`, 'A2'],
      // A1 was scouted late on the 10th
      scoutingLast: 1,
      scoutingOldest: 14,
      scoutingOldestId: w.block.a2,
      scoutingOldestIds: ['A2'],
    });
    expect(f2).toMatchObject({ farm: 'Aardvark', tensioLast: null, tensioOldest: null, tensioOldestIds: ['D1'], phenoLast: 69, phenoOldest: 69, phenoOldestIds: ['D1'] });
    // the default is the current organisation; the path is served whatever its case
    const lower = await as(w.a.userId, w.a.organizationId, { method: 'GET', url: INPUT_CHECKS_PATHS.farmInputChecks.toLowerCase() });
    expect(lower.json()).toEqual(rows);
  });

  it('a member sees only their farms; one without farms gets no rows', async () => {
    const f2Only = await memberWith(t, w.a.organizationId, 'checks-f2', [PERMISSIONS.managementInputChecks], [w.farm.f2]);
    expect((await as(f2Only, w.a.organizationId, { method: 'GET', url: url() })).json().map((r: FarmInputCheckRow) => r.farm)).toEqual(['Aardvark']);
    const none = await memberWith(t, w.a.organizationId, 'checks-none', [PERMISSIONS.managementInputChecks]);
    expect((await as(none, w.a.organizationId, { method: 'GET', url: url() })).json()).toEqual([]);
    const refused = await memberWith(t, w.a.organizationId, 'checks-refused', [PERMISSIONS.scoutingView], [w.farm.f1]);
    expect((await as(refused, w.a.organizationId, { method: 'GET', url: url() })).statusCode).toBe(403);
  });

  it("another organisation's id answers 404 (403 for a member without the permission there); a super user may name any", async () => {
    const fromB = await as(w.b.userId, w.b.organizationId, { method: 'GET', url: url(w.a.organizationId) });
    expect(fromB.statusCode).toBe(404);
    expect(fromB.body).not.toContain(w.a.canary);
    expect((await as(w.a.userId, w.a.organizationId, { method: 'GET', url: url(99_999) })).statusCode).toBe(404);

    const both = await memberWith(t, w.b.organizationId, 'checks-both', [PERMISSIONS.managementInputChecks], [w.farm.fb]);
    await addMember(t.db, both, w.a.organizationId, [(await createRole(t.db, w.a.organizationId, 'Scouts only', [PERMISSIONS.scoutingView])).id]);
    expect((await as(both, w.b.organizationId, { method: 'GET', url: url(w.a.organizationId) })).statusCode).toBe(403);
    expect((await as(both, w.b.organizationId, { method: 'GET', url: url(w.b.organizationId) })).json().map((r: FarmInputCheckRow) => r.farm)).toEqual(['B Farm']);

    const operator = await createUser(t.db, 'checks-operator', { isSuperUser: true });
    await addMember(t.db, operator.id, w.b.organizationId, [(await createRole(t.db, w.b.organizationId, 'Checks', [PERMISSIONS.managementInputChecks])).id]);
    const asOperator = await as(operator.id, w.b.organizationId, { method: 'GET', url: url(w.a.organizationId) });
    // allowed, and like everyone it sees the farms assigned to it there: none
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.json()).toEqual([]);
    const inactive = await createOrganization(t.db, 'Closed Growers', { isActive: false });
    expect((await as(operator.id, w.b.organizationId, { method: 'GET', url: url(inactive.id) })).statusCode).toBe(404);
  });

  it("exports the report as CSV: the table's columns, ages in whole days or No Data, by farm, and logs the export", async () => {
    const logsOfA = () => t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    const before = await logsOfA();
    const res = await as(w.a.userId, w.a.organizationId, { method: 'GET', url: exportUrl(w.a.organizationId) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="InputChecks-2026-03-11-08-00-00\.csv"$/);
    expect(res.body.endsWith('\r\n')).toBe(true);
    // the figures of the first test above
    expect(parse(res.body)).toEqual([
      ['Farm', 'Tensio Last', 'Tensio Oldest', 'Water Applied Last', 'Water Applied Oldest', 'Pheno Last', 'Pheno Oldest', 'Scouting Last', 'Scouting Oldest'],
      ['Aardvark', 'No Data', 'No Data', 'No Data', 'No Data', '69', '69', 'No Data', 'No Data'],
      [`Kransvlei ${w.a.canary}`, '3', '14', '0', 'No Data', '13', '13', '1', '14'],
    ]);
    expect((parse(res.body) as string[][])[0]).toEqual(INPUT_CHECKS_CSV_COLUMNS.map((c) => c.header));
    const after = await logsOfA();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((l) => !before.some((b) => b.id === l.id))).toMatchObject({
      userId: w.a.userId,
      url: exportUrl(w.a.organizationId),
      ...INPUT_CHECKS_EXPORT_NAMES,
      size: Buffer.byteLength(res.body, 'utf8'),
    });
    // the default is the current organisation
    expect((await as(w.a.userId, w.a.organizationId, { method: 'GET', url: exportUrl() })).body).toBe(res.body);
  });

  it("the export holds the caller's farms only; another organisation answers 404 (403 without the permission there) and logs nothing", async () => {
    const farmsIn = async (userId: number, organizationId: number, search = exportUrl()) => {
      const res = await as(userId, organizationId, { method: 'GET', url: search });
      expect(res.statusCode, res.body).toBe(200);
      return (parse(res.body) as string[][]).slice(1).map((r) => r[0]);
    };
    const f2Only = await memberWith(t, w.a.organizationId, 'export-checks-f2', [PERMISSIONS.managementInputChecks], [w.farm.f2]);
    expect(await farmsIn(f2Only, w.a.organizationId)).toEqual(['Aardvark']);
    const none = await memberWith(t, w.a.organizationId, 'export-checks-none', [PERMISSIONS.managementInputChecks]);
    expect(await farmsIn(none, w.a.organizationId)).toEqual([]);
    const refused = await memberWith(t, w.a.organizationId, 'export-checks-refused', [PERMISSIONS.scoutingView], [w.farm.f1]);

    const count = async () => (await t.db.select().from(exportLogs)).length;
    const logged = await count();
    expect((await as(refused, w.a.organizationId, { method: 'GET', url: exportUrl() })).statusCode).toBe(403);
    const fromB = await runTenantCase(t, w, { name: "export of A's input checks", request: () => ({ method: 'GET', url: exportUrl(w.a.organizationId) }), expect: 'not-found' });
    expect(fromB.statusCode).toBe(404);
    expect((await as(w.a.userId, w.a.organizationId, { method: 'GET', url: exportUrl(99_999) })).statusCode).toBe(404);
    const both = await memberWith(t, w.b.organizationId, 'export-checks-both', [PERMISSIONS.managementInputChecks], [w.farm.fb]);
    await addMember(t.db, both, w.a.organizationId, [(await createRole(t.db, w.a.organizationId, 'Scouts only for export', [PERMISSIONS.scoutingView])).id]);
    expect((await as(both, w.b.organizationId, { method: 'GET', url: exportUrl(w.a.organizationId) })).statusCode).toBe(403);
    expect((await as(w.a.userId, w.a.organizationId, { method: 'GET', url: `${INPUT_CHECKS_PATHS.export}?organizationId=abc` })).statusCode).toBe(400);
    expect(await count()).toBe(logged);
    // B's own export carries none of A's farms
    const own = await runTenantCase(t, w, { name: "B's input checks export", request: () => ({ method: 'GET', url: exportUrl() }), expect: 'no-leak' });
    expect(own.statusCode).toBe(200);
  });

  it('lists stale farms on the attention list, by the same figures, until dismissed for the week', async () => {
    const list = (await as(w.a.userId, w.a.organizationId, { method: 'GET', url: ATTENTION_PATHS.list })).json();
    const items = list.items.filter((i: { type: string }) => i.type === 'input-checks');
    expect(items.map((i: { farmName: string; actionValue: string }) => [i.farmName, i.actionValue])).toEqual(
      expect.arrayContaining([
        [`Kransvlei ${w.a.canary}`, `${w.farm.f1}:2026-W11`],
        ['Aardvark', `${w.farm.f2}:2026-W11`],
      ]),
    );
    expect(items).toHaveLength(2);
    const f1 = items.find((i: { farmId: number }) => i.farmId === w.farm.f1);
    expect(f1.kinds).toEqual([
      { kind: 'tensio', oldest: 14 },
      { kind: 'waterApplied', oldest: null },
      { kind: 'scouting', oldest: 14 },
    ]);
    const dismissed = await as(w.a.userId, w.a.organizationId, {
      method: 'POST',
      url: `${ATTENTION_PATHS.confirm}?type=input-checks&action=dismiss&action_value=${encodeURIComponent(f1.actionValue)}`,
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const after = (await as(w.a.userId, w.a.organizationId, { method: 'GET', url: ATTENTION_PATHS.list })).json();
    expect(after.items.filter((i: { type: string }) => i.type === 'input-checks').map((i: { farmId: number }) => i.farmId)).toEqual([w.farm.f2]);
    // F3's block was read today, but F3 is nobody's: no item names it
    const unknown = await as(w.a.userId, w.a.organizationId, { method: 'POST', url: `${ATTENTION_PATHS.confirm}?type=input-checks&action=dismiss&action_value=${w.farm.f3}:2026-W11` });
    expect(unknown.statusCode).toBe(404);
  });
});
