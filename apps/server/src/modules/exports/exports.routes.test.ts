import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createUser } from '../../../test/helpers/fixtures';
import { exportLogs } from '../../db/schema/index';
import { logExport } from './exports.service';

describe('export logs', () => {
  let t: TestApp;
  let org: number;
  let user: number;
  const valid = {
    url: '/settings/users',
    componentName: 'PickingSchedule',
    reportName: 'Picking Schedule',
    timeToComplete: 1.234,
    size: 2048,
    exportTime: '2026-03-01T08:30:00.000Z',
  };
  const post = async (payload: unknown, who = user, orgId = org) =>
    t.app.inject({ method: 'POST', url: '/api/export-logs', headers: await t.headersFor(who, orgId), payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    org = (await createOrganization(t.db, 'Export Org')).id;
    user = (await createUser(t.db, 'exporter')).id;
    await addMember(t.db, user, org);
  });
  afterAll(async () => {
    await t.close();
  });

  it("records a browser-side export for the current organisation and user (no permission needed)", async () => {
    const res = await post(valid);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...valid, id: expect.any(Number) });
    const [row] = await t.db.select().from(exportLogs).where(eq(exportLogs.id, res.json().id));
    expect(row).toMatchObject({ userId: user, organizationId: org, size: 2048, timeToComplete: 1.234 });
    expect(row!.exportTime.toISOString()).toBe(valid.exportTime);
  });

  it('uses the server clock when exportTime is omitted', async () => {
    const { exportTime: _omit, ...rest } = valid;
    const before = Date.now();
    const res = await post(rest);
    expect(res.statusCode).toBe(201);
    expect(new Date(res.json().exportTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['url missing', { url: undefined }],
    ['url too long', { url: `/${'x'.repeat(2000)}` }],
    ['componentName empty', { componentName: '' }],
    ['reportName too long', { reportName: 'r'.repeat(201) }],
    ['negative time', { timeToComplete: -1 }],
    ['fractional size', { size: 1.5 }],
    ['negative size', { size: -1 }],
    ['bad exportTime', { exportTime: 'yesterday' }],
  ])('refuses %s with 400', async (_name, overrides) => {
    const res = await post({ ...valid, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it("answers 401 without a token and 404 for an organisation the user is not in", async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/export-logs', payload: valid });
    expect(anonymous.statusCode).toBe(401);
    const other = (await createOrganization(t.db, 'Other Export Org')).id;
    expect((await post(valid, user, other)).statusCode).toBe(404);
  });

  it('logExport rounds to the column precision and never stores negatives', async () => {
    const row = await logExport(t.db, {
      userId: user,
      organizationId: org,
      url: '/api/x',
      componentName: 'C',
      reportName: 'R',
      timeToComplete: 0.12345,
      size: 10.4,
    });
    expect(row.timeToComplete).toBe(0.123);
    expect(row.size).toBe(10);
  });
});
