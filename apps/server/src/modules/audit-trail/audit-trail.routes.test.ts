/**
 * The audit trail: each audited area writes its entry in the change's transaction (a refused or
 * rolled-back change leaves none), with only the changed fields; the list is the organisation's
 * own, system-wide entries are for super users, and the route needs management.auditTrail.
 */
import { AUDIT_TRAIL_PATHS, type AuditEntry, type AuditTrailPage } from '@orchard/shared/audit-trail';
import { ALL_PERMISSIONS, PERMISSIONS } from '@orchard/shared/core';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { PACKHOUSES_PATHS } from '@orchard/shared/packhouses';
import { PEST_THRESHOLDS_PATH } from '@orchard/shared/pest-thresholds';
import { ROLES_PATHS } from '@orchard/shared/roles';
import { USERS_PATHS } from '@orchard/shared/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { inRolledBackTransaction } from '../../../test/helpers/rolled-back';
import { auditEntries } from '../../db/schema/index';
import { auditChanges, recordAudit } from './audit-trail.service';

describe('audit trail', () => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let adminA: number;
  let adminB: number;
  let viewerA: number;
  let superUser: number;
  let adminRoleA: number;
  let viewRole: number;

  const as = async (userId: number, org: number, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.headersFor(userId, org) });
  const list = async (userId: number, org: number, query = '') => {
    const res = await as(userId, org, 'GET', `${AUDIT_TRAIL_PATHS.list}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditTrailPage;
  };
  const latest = async (area: string) => (await list(adminA, orgA, `?area=${area}`)).rows[0];
  const count = async () => (await t.db.select({ id: auditEntries.id }).from(auditEntries)).length;

  beforeAll(async () => {
    t = await createTestApp();
    orgA = (await createOrganization(t.db, 'Audit Org A')).id;
    orgB = (await createOrganization(t.db, 'Audit Org B')).id;
    adminRoleA = (await createRole(t.db, orgA, 'Administrator', ALL_PERMISSIONS)).id;
    const adminRoleB = (await createRole(t.db, orgB, 'Administrator', ALL_PERMISSIONS)).id;
    viewRole = (await createRole(t.db, orgA, 'Viewer', [PERMISSIONS.usersView])).id;
    adminA = (await createUser(t.db, 'audit-admin-a', { fullName: 'Alice Admin' })).id;
    adminB = (await createUser(t.db, 'audit-admin-b')).id;
    viewerA = (await createUser(t.db, 'audit-viewer-a')).id;
    superUser = (await createUser(t.db, 'audit-super', { fullName: 'Sam Super', isSuperUser: true })).id;
    await addMember(t.db, adminA, orgA, [adminRoleA]);
    await addMember(t.db, adminB, orgB, [adminRoleB]);
    await addMember(t.db, viewerA, orgA, [viewRole]);
    await addMember(t.db, superUser, orgA, [adminRoleA]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts empty, pages like every list, and refuses a member without management.auditTrail (403)', async () => {
    expect(await list(adminA, orgA)).toEqual({ rows: [], totalRecords: 0, page: 1, pageSize: 20 });
    const refused = await as(viewerA, orgA, 'GET', AUDIT_TRAIL_PATHS.list);
    expect(refused.statusCode).toBe(403);
    expect((await as(viewerA, orgA, 'GET', AUDIT_TRAIL_PATHS.export)).statusCode).toBe(403);
    expect((await as(adminA, orgA, 'GET', `${AUDIT_TRAIL_PATHS.list}?pageSize=7`)).statusCode).toBe(400);
    expect((await as(adminA, orgA, 'GET', `${AUDIT_TRAIL_PATHS.list}?area=nowhere`)).statusCode).toBe(400);
    expect((await as(adminA, orgA, 'GET', `${AUDIT_TRAIL_PATHS.list}?from=2026-03-02&to=2026-03-01`)).statusCode).toBe(400);
  });

  it('roles: a create, an update with the fields that changed, and a refused update leaving no entry', async () => {
    const created = await as(adminA, orgA, 'POST', ROLES_PATHS.roles, { name: 'Pickers', permissions: [PERMISSIONS.pickingView] });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as { id: number; version: number };
    const entry = await latest('roles');
    expect(entry).toMatchObject({ action: 'create', entityType: 'role', entityId: String(role.id), entityLabel: 'Pickers', actorName: 'Alice Admin', bySuperUser: false });
    expect(entry!.changes.permissions).toEqual({ before: null, after: [PERMISSIONS.pickingView] });

    const before = await count();
    const stale = await as(adminA, orgA, 'PUT', ROLES_PATHS.role.replace(':id', String(role.id)), { name: 'Harvesters', permissions: [], version: role.version + 5 });
    expect(stale.statusCode).toBe(412);
    expect(await count()).toBe(before);

    const updated = await as(adminA, orgA, 'PUT', ROLES_PATHS.role.replace(':id', String(role.id)), {
      name: 'Harvesters',
      permissions: [PERMISSIONS.pickingView, PERMISSIONS.pickingEdit],
      version: role.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const change = await latest('roles');
    expect(change).toMatchObject({ action: 'update', entityLabel: 'Harvesters' });
    expect(change!.changes).toEqual({
      name: { before: 'Pickers', after: 'Harvesters' },
      permissions: { before: [PERMISSIONS.pickingView], after: [PERMISSIONS.pickingEdit, PERMISSIONS.pickingView].sort() },
    });
  });

  it('pest thresholds: the frequency and each threshold before and after; a stale save writes nothing', async () => {
    const body = { version: 0, scoutingFrequencyDays: 10, pests: [{ pest: 'red-scale', thresholdPercent: 12 }], traps: [] };
    const saved = await as(adminA, orgA, 'PUT', PEST_THRESHOLDS_PATH, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = await latest('pest-thresholds');
    expect(entry!.changes.scoutingFrequencyDays).toEqual({ before: 14, after: 10 });
    expect(entry!.changes['pest red-scale %']).toEqual({ before: 10, after: 12 });
    const before = await count();
    expect((await as(adminA, orgA, 'PUT', PEST_THRESHOLDS_PATH, body)).statusCode).toBe(412);
    expect(await count()).toBe(before);
  });

  it('packhouses: adding one to the list', async () => {
    const added = await as(adminA, orgA, 'POST', PACKHOUSES_PATHS.list, { name: 'Audit Packers', shortname: 'AP' });
    expect(added.statusCode, added.body).toBe(201);
    expect(await latest('packhouses')).toMatchObject({
      action: 'create',
      entityLabel: 'Audit Packers',
      changes: { name: { before: null, after: 'Audit Packers' }, shortname: { before: null, after: 'AP' }, owned: { before: null, after: true } },
    });
  });

  it('farm setup: a legal entity created, renamed and deleted', async () => {
    const created = await as(adminA, orgA, 'POST', FARM_SETUP_PATHS.legalEntities, { name: 'Audit Estates' });
    expect(created.statusCode, created.body).toBe(201);
    const entity = created.json() as { id: number; version: number };
    const renamed = await as(adminA, orgA, 'PUT', FARM_SETUP_PATHS.legalEntity.replace(':id', String(entity.id)), { name: 'Audit Estates (Pty)', version: entity.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await latest('farm-setup')).toMatchObject({
      action: 'update',
      entityType: 'legal-entity',
      changes: { name: { before: 'Audit Estates', after: 'Audit Estates (Pty)' } },
    });
    expect((await as(adminA, orgA, 'DELETE', FARM_SETUP_PATHS.legalEntity.replace(':id', String(entity.id)))).statusCode).toBe(204);
    expect(await latest('farm-setup')).toMatchObject({ action: 'delete', changes: { name: { before: 'Audit Estates (Pty)', after: null } } });
  });

  it('farm setup: a farm and a PUC created, the farm renamed, the PUC deleted', async () => {
    const entity = (await as(adminA, orgA, 'POST', FARM_SETUP_PATHS.legalEntities, { name: 'Audit Farming' })).json() as { id: number };
    const farm = await as(adminA, orgA, 'POST', FARM_SETUP_PATHS.farms, { farmName: 'Audit Farm', legalEntityId: entity.id });
    expect(farm.statusCode, farm.body).toBe(201);
    const created = farm.json() as { id: number; version: number };
    expect(await latest('farm-setup')).toMatchObject({ action: 'create', entityType: 'farm', entityLabel: 'Audit Farm' });
    const renamed = await as(adminA, orgA, 'PUT', FARM_SETUP_PATHS.farm.replace(':id', String(created.id)), {
      farmName: 'Audit Farm North',
      legalEntityId: entity.id,
      version: created.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await latest('farm-setup'))!.changes.farmName).toEqual({ before: 'Audit Farm', after: 'Audit Farm North' });
    const puc = await as(adminA, orgA, 'POST', FARM_SETUP_PATHS.pucs, { farmId: created.id, pucName: 'AUD1' });
    expect(puc.statusCode, puc.body).toBe(201);
    expect(await latest('farm-setup')).toMatchObject({ action: 'create', entityType: 'puc', entityLabel: 'AUD1' });
    expect((await as(adminA, orgA, 'DELETE', FARM_SETUP_PATHS.puc.replace(':id', String((puc.json() as { id: number }).id)))).statusCode).toBe(204);
    expect(await latest('farm-setup')).toMatchObject({ action: 'delete', entityType: 'puc', changes: { pucName: { before: 'AUD1', after: null } } });
  });

  it('users: created with their roles, never their password; a role change; removal from the organisation', async () => {
    const created = await as(adminA, orgA, 'POST', USERS_PATHS.users, {
      userName: 'audit-new',
      email: 'audit-new@example.test',
      fullName: 'Nina New',
      password: 'Audit-Pass-12345',
      isEnabled: true,
      roleIds: [adminRoleA],
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json() as { id: number; version: number };
    const entry = await latest('users');
    expect(entry).toMatchObject({ action: 'create', entityLabel: 'Nina New', systemWide: false });
    expect(entry!.changes.roles).toEqual({ before: null, after: ['Administrator'] });
    expect(JSON.stringify(entry)).not.toContain('Audit-Pass');
    expect(Object.keys(entry!.changes).some((k) => /password|hash/i.test(k))).toBe(false);

    const edited = await as(adminA, orgA, 'PUT', USERS_PATHS.user.replace(':id', String(user.id)), {
      version: user.version,
      userName: 'audit-new',
      email: 'audit-new@example.test',
      fullName: 'Nina Newer',
      roleIds: [viewRole],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = (await list(adminA, orgA, '?area=users')).rows.filter((r) => r.entityId === String(user.id));
    expect(rows.find((r) => r.changes.fullName)?.changes.fullName).toEqual({ before: 'Nina New', after: 'Nina Newer' });
    expect(rows.find((r) => r.changes.roles && r.action === 'update')?.changes.roles).toEqual({ before: ['Administrator'], after: ['Viewer'] });

    expect((await as(adminA, orgA, 'DELETE', USERS_PATHS.user.replace(':id', String(user.id)))).statusCode).toBe(204);
    expect(await latest('users')).toMatchObject({ action: 'delete', entityId: String(user.id) });
  });

  it("another organisation's entries are absent; a super user's entries are marked", async () => {
    const own = await list(adminB, orgB);
    expect(own.rows).toEqual([]);
    expect((await as(adminB, orgB, 'POST', ROLES_PATHS.roles, { name: 'B only', permissions: [] })).statusCode).toBe(201);
    expect((await list(adminB, orgB)).rows.map((r) => r.entityLabel)).toEqual(['B only']);
    expect((await list(adminA, orgA, '?pageSize=100')).rows.map((r) => r.entityLabel)).not.toContain('B only');
    // a member of B naming A's organisation: 404 like every tenant route
    expect((await as(adminB, orgA, 'GET', AUDIT_TRAIL_PATHS.list)).statusCode).toBe(404);

    expect((await as(superUser, orgA, 'POST', ROLES_PATHS.roles, { name: 'Operators', permissions: [] })).statusCode).toBe(201);
    expect(await latest('roles')).toMatchObject({ entityLabel: 'Operators', actorName: 'Sam Super', bySuperUser: true });
  });

  it('system-wide entries (the shared variety list) are seen by super users only', async () => {
    const commodity = await as(adminA, orgA, 'POST', FARM_SETUP_PATHS.commodities, { name: 'Audit Figs' });
    expect(commodity.statusCode, commodity.body).toBe(201);
    const forAdmin = await list(adminA, orgA, '?pageSize=100');
    expect(forAdmin.rows.some((r) => r.entityLabel === 'Audit Figs')).toBe(false);
    const forSuper = await list(superUser, orgA, '?pageSize=100');
    expect(forSuper.rows.find((r) => r.entityLabel === 'Audit Figs')).toMatchObject({ systemWide: true, actorName: 'Alice Admin' });
  });

  it('filters by actor (id or part of the name), area and business days, and exports the filtered list as CSV', async () => {
    const bySuper = await list(adminA, orgA, `?actor=${superUser}`);
    expect(bySuper.rows.map((r) => r.entityLabel)).toEqual(['Operators']);
    expect((await list(adminA, orgA, '?actor=sam%20sup')).rows.map((r) => r.entityLabel)).toEqual(['Operators']);
    expect((await list(adminA, orgA, '?actor=audit-super')).totalRecords).toBe(1);
    const roles = await list(adminA, orgA, '?area=roles');
    expect(roles.rows.every((r: AuditEntry) => r.area === 'roles')).toBe(true);
    expect(roles.totalRecords).toBe(3);
    expect((await list(adminA, orgA, '?from=2000-01-01&to=2000-12-31')).totalRecords).toBe(0);
    const paged = await list(adminA, orgA, '?pageSize=20&page=2');
    expect(paged.page).toBe(2);

    const csv = await as(adminA, orgA, 'GET', `${AUDIT_TRAIL_PATHS.export}?area=roles`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/AuditTrail-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('When,Who,Super User,Area,Action,Type,What,Changes');
    expect(csv.body).toContain('name: Pickers → Harvesters');
    expect(csv.body).not.toContain('Audit Packers');
  });

  it('an entry is written in the transaction of its change: rolled back with it', async () => {
    const before = await count();
    await inRolledBackTransaction(t.db, async (tx) => {
      await recordAudit(tx, { userId: adminA, sessionId: null }, {
        organizationId: orgA,
        area: 'roles',
        action: 'update',
        entityType: 'role',
        entityId: 1,
        label: 'Rolled back',
        before: { name: 'x' },
        after: { name: 'y' },
      });
      expect((await tx.select().from(auditEntries).where(eq(auditEntries.entityLabel, 'Rolled back'))).length).toBe(1);
    });
    expect(await count()).toBe(before);
  });

  it('the session of the request is recorded', async () => {
    const { sessionId, accessToken } = await t.openSession(adminA);
    const res = await t.app.inject({
      method: 'POST',
      url: ROLES_PATHS.roles,
      payload: { name: 'Session role', permissions: [] },
      headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': String(orgA) },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(auditEntries).where(eq(auditEntries.entityLabel, 'Session role'));
    expect(row).toMatchObject({ sessionId, actorUserId: adminA, actorIsSuperUser: false, organizationId: orgA });
  });

  it('auditChanges keeps only changed fields and never a secret', () => {
    expect(auditChanges({ a: 1, b: 'x', passwordHash: 'h1', version: 1 }, { a: 1, b: 'y', passwordHash: 'h2', version: 2, token: 't' })).toEqual({
      b: { before: 'x', after: 'y' },
    });
    expect(auditChanges(null, { when: new Date('2026-01-02T03:04:05Z') })).toEqual({ when: { before: null, after: '2026-01-02T03:04:05.000Z' } });
  });
});
