/**
 * The audit trail of picking schedules: a producer row's save and a daily PUC cell each write
 * their entry with the values before and after, in the change's transaction (a refused save leaves
 * none); packhouse capacity per week; farm assignments of users are recorded by farm name.
 */
import { PICKING_PATHS } from '@orchard/shared/picking';
import { USERS_PATHS } from '@orchard/shared/users';
import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createPickingWorld, fixedClock, TODAY, type PickingWorld } from '../../../test/helpers/picking-world';
import { auditEntries, pickingEstimates, users } from '../../db/schema/index';

describe('audit trail of picking and farm assignments', () => {
  let t: TestApp;
  let w: PickingWorld;
  const asA = async (options: InjectOptions) => t.app.inject({ ...options, headers: await t.headersFor(w.a.userId, w.a.organizationId) });
  const entries = (area: string) =>
    t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.organizationId, w.a.organizationId), eq(auditEntries.area, area)))
      .orderBy(desc(auditEntries.id));

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock() });
    w = await createPickingWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a producer row: its figures and weeks before and after; a stale save writes nothing', async () => {
    const [row] = await t.db.select().from(pickingEstimates).where(eq(pickingEstimates.id, w.row.a1));
    const url = PICKING_PATHS.producerRow.replace(':id', String(w.row.a1));
    const stale = await asA({ method: 'PUT', url, payload: { packhouse: w.ph.ph1, version: row!.version + 9, weeks: [] } });
    expect(stale.statusCode).toBe(412);
    expect(await entries('picking')).toEqual([]);

    const saved = await asA({
      method: 'PUT',
      url,
      payload: { packhouse: w.ph.ph1, version: row!.version, expectedProjectedTonnes: 321, weeks: [{ year: 2026, week: 12, binCount: 44 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = await entries('picking');
    expect(entry).toMatchObject({ action: 'update', entityType: 'picking-row', entityId: String(w.row.a1), actorUserId: w.a.userId });
    expect(entry!.changes.expectedProjectedTonnes).toEqual({ before: row!.expectedProjectedTonnes, after: 321 });
    expect(entry!.changes['bins 2026-W12']?.after).toBe(44);
    expect(Object.keys(entry!.changes).every((k) => k === 'expectedProjectedTonnes' || k.startsWith('bins '))).toBe(true);
  });

  it('a daily PUC cell: created, then its bins changed', async () => {
    const cell = { puc: w.puc.a, variety: w.variety.navel, date: TODAY, bins: 12, packhouse: w.ph.ph1, pickingProgress: w.progress.picking, version: null };
    const first = await asA({ method: 'PUT', url: PICKING_PATHS.pucScheduleCells, payload: cell });
    expect(first.statusCode, first.body).toBe(200);
    const [created] = await entries('picking');
    expect(created).toMatchObject({ action: 'create', entityType: 'picking-day' });
    expect(created!.changes.bins).toEqual({ before: null, after: 12 });
    const second = await asA({ method: 'PUT', url: PICKING_PATHS.pucScheduleCells, payload: { ...cell, bins: 20, version: first.json().version } });
    expect(second.statusCode, second.body).toBe(200);
    const [changed] = await entries('picking');
    expect(changed).toMatchObject({ action: 'update', changes: { bins: { before: 12, after: 20 } } });
    const count = (await entries('picking')).length;
    const stale = await asA({ method: 'PUT', url: PICKING_PATHS.pucScheduleCells, payload: { ...cell, bins: 30, version: first.json().version } });
    expect(stale.statusCode).toBe(412);
    expect((await entries('picking')).length).toBe(count);
  });

  it("packhouse capacity: each week's capacity before and after, in the packhouse's organisation; a stale save writes nothing", async () => {
    const put = async (weeks: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: PICKING_PATHS.packhouseCapacity.replace(':packhouseId', String(w.ph.ph1)),
        payload: { weeks },
        headers: await t.headersFor(w.p.userId, w.p.organizationId),
      });
    const ofP = () =>
      t.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.organizationId, w.p.organizationId), eq(auditEntries.area, 'picking')))
        .orderBy(desc(auditEntries.id));
    const res = await put([
      { year: 2026, week: 11, capacity: 650, version: 1 },
      { year: 2026, week: 12, capacity: 1200, version: null },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await ofP();
    expect(entry).toMatchObject({ action: 'update', entityType: 'packhouse-capacity', entityId: String(w.ph.ph1) });
    expect(entry!.changes['capacity 2026-W12']).toEqual({ before: null, after: 1200 });
    expect(entry!.changes['capacity 2026-W11']?.after).toBe(650);
    const count = (await ofP()).length;
    expect((await put([{ year: 2026, week: 12, capacity: 1300, version: 99 }])).statusCode).toBe(412);
    expect((await ofP()).length).toBe(count);
  });

  it('farm assignments of a user, by farm name', async () => {
    const [admin] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, w.a.userId));
    const put = await asA({ method: 'PUT', url: USERS_PATHS.farms.replace(':id', String(w.a.userId)), payload: { farmIds: [], version: admin!.version } });
    if (put.statusCode !== 200) return expect(put.statusCode, put.body).toBe(200);
    const [entry] = await entries('farm-assignments');
    expect(entry).toMatchObject({ action: 'update', entityId: String(w.a.userId) });
    expect(entry!.changes.farms).toEqual({ before: [`FA ${w.a.canary}`], after: [] });
  });
});
