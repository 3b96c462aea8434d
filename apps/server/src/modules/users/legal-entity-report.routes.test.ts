import { PERMISSIONS } from '@orchard/shared/core';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { exportLogs, farms, legalEntities, userFarms } from '../../db/schema/index';

describe('users API: Export By Legal Entity', () => {
  let t: TestApp;
  let orgA: number;
  let reporter: number;
  let viewer: number;
  let roleField: number;
  let roleOffice: number;
  let roleUnused: number;
  let roleB: number;

  const exportCsv = async (who: number, roleIds: number[]) =>
    t.app.inject({ method: 'POST', url: '/api/users/legal-entity-report', headers: await t.headersFor(who, orgA), payload: { roleIds } });

  beforeAll(async () => {
    t = await createTestApp();
    orgA = (await createOrganization(t.db, 'Report Org A')).id;
    const orgB = (await createOrganization(t.db, 'Report Org B')).id;
    const reporters = await createRole(t.db, orgA, 'Reporters', [PERMISSIONS.usersAreaReport]);
    const viewers = await createRole(t.db, orgA, 'Viewers', [PERMISSIONS.usersView]);
    roleField = (await createRole(t.db, orgA, 'Field', [])).id;
    roleOffice = (await createRole(t.db, orgA, 'Office', [])).id;
    roleUnused = (await createRole(t.db, orgA, 'Unused', [])).id;
    roleB = (await createRole(t.db, orgB, 'B Field', [])).id;
    reporter = (await createUser(t.db, 'report-reporter')).id;
    viewer = (await createUser(t.db, 'report-viewer')).id;
    await addMember(t.db, reporter, orgA, [reporters.id]);
    await addMember(t.db, viewer, orgA, [viewers.id]);

    const [le1] = await t.db.insert(legalEntities).values({ organizationId: orgA, name: 'Citrus Estates (Pty) Ltd' }).returning();
    const [le2] = await t.db.insert(legalEntities).values({ organizationId: orgA, name: '=HYPERLINK("http://evil")' }).returning();
    const [leB] = await t.db.insert(legalEntities).values({ organizationId: orgB, name: 'B Estates' }).returning();
    const farm = async (organizationId: number, legalEntityId: number, farmName: string) =>
      (await t.db.insert(farms).values({ organizationId, legalEntityId, farmName }).returning())[0]!.id;
    const f1 = await farm(orgA, le1!.id, 'Modderfontein');
    const f2 = await farm(orgA, le1!.id, 'Bergsig, North');
    const f3 = await farm(orgA, le2!.id, 'Kleinvlei');
    const fB = await farm(orgB, leB!.id, 'B Farm');

    // two legal entities -> two rows
    const anna = await createUser(t.db, 'anna', { fullName: '@SUM(1+1)', phoneNumber: '+27 82 555 0101', email: 'anna@example.test' });
    await addMember(t.db, anna.id, orgA, [roleField, roleOffice]);
    await t.db.insert(userFarms).values([
      { userId: anna.id, farmId: f1, organizationId: orgA },
      { userId: anna.id, farmId: f2, organizationId: orgA },
      { userId: anna.id, farmId: f3, organizationId: orgA },
    ]);
    // no farm here -> one row with empty legal entity and farm; B's farm does not count
    const ben = await createUser(t.db, '-ben', { fullName: 'Ben "Bennie" Botha', email: 'ben@example.test' });
    await addMember(t.db, ben.id, orgA, [roleOffice]);
    await addMember(t.db, ben.id, orgB, [roleB]);
    await t.db.insert(userFarms).values({ userId: ben.id, farmId: fB, organizationId: orgB });
    // holds none of the chosen roles -> absent
    const cara = await createUser(t.db, 'cara');
    await addMember(t.db, cara.id, orgA, [roleUnused]);
    await t.db.insert(userFarms).values({ userId: cara.id, farmId: f1, organizationId: orgA });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a CSV attachment named User-Legal-Entity-Report-yyyy-MM-dd-HH-mm-ss.csv, one row per user and legal entity', async () => {
    const res = await exportCsv(reporter, [roleField, roleOffice]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="User-Legal-Entity-Report-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv"$/,
    );
    const records = parse(res.body) as string[][];
    expect(records[0]).toEqual(['Legal Entity', 'Farm', 'User Name', 'Full Name', 'Email', 'Phone Number', 'Roles']);
    expect(records.slice(1)).toEqual([
      ['', '', "'-ben", 'Ben "Bennie" Botha', 'ben@example.test', '', 'Office'],
      ["'=HYPERLINK(\"http://evil\")", 'Kleinvlei', 'anna', "'@SUM(1+1)", 'anna@example.test', "'+27 82 555 0101", 'Field, Office'],
      ['Citrus Estates (Pty) Ltd', 'Bergsig, North, Modderfontein', 'anna', "'@SUM(1+1)", 'anna@example.test', "'+27 82 555 0101", 'Field, Office'],
    ]);
    expect(res.body).not.toContain('cara');
    expect(res.body).not.toContain('B Farm');
  });

  it('writes an export log row: url, componentName, reportName, timeToComplete, size, exportTime', async () => {
    const before = Date.now();
    const res = await exportCsv(reporter, [roleOffice]);
    expect(res.statusCode).toBe(200);
    const logs = await t.db.select().from(exportLogs).where(eq(exportLogs.userId, reporter));
    const log = logs.at(-1)!;
    expect(log).toMatchObject({
      organizationId: orgA,
      url: '/api/users/legal-entity-report',
      componentName: 'UserList',
      reportName: 'User Legal Entity Report',
      size: Buffer.byteLength(res.body, 'utf8'),
    });
    expect(log.timeToComplete).toBeGreaterThanOrEqual(0);
    expect(log.timeToComplete).toBeLessThan(30);
    expect(log.exportTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers just the header for roles nobody holds, 404 for another organisation\'s role, 403 without users.areaReport', async () => {
    const empty = await exportCsv(reporter, [roleUnused, roleUnused]);
    expect(parse(empty.body)).toHaveLength(2); // header + cara
    const none = await exportCsv(reporter, []);
    expect(parse(none.body)).toHaveLength(1);
    const foreign = await exportCsv(reporter, [roleField, roleB]);
    expect(foreign.statusCode).toBe(404);
    expect((await exportCsv(viewer, [roleField])).statusCode).toBe(403);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/users/legal-entity-report', headers: await t.headersFor(reporter, orgA), payload: { roleIds: ['x'] } });
    expect(invalid.statusCode).toBe(400);
  });
});
