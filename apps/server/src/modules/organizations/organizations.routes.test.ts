import { ALL_PERMISSIONS, PERMISSIONS } from '@orchard/shared/core';
import { ORGANIZATIONS_PATHS, type OrganizationsResponse } from '@orchard/shared/organizations';
import { SHELL_PATHS, type Organization } from '@orchard/shared/shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { farms, legalEntities, memberships, organizations, userRoles, auditEntries } from '../../db/schema/index';
import { and, eq } from 'drizzle-orm';

describe('organisations API: the Organisations list', () => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let orgEmpty: number;
  /** a super user who holds no role anywhere */
  let operator: number;
  /** Administrator of A holding every permission (management.organisations too), not a super user */
  let orgAdmin: number;

  const list = async (who: number, query = '', org = orgA) =>
    t.app.inject({ method: 'GET', url: `${ORGANIZATIONS_PATHS.list}${query}`, headers: await t.headersFor(who, org) });

  beforeAll(async () => {
    t = await createTestApp();
    orgA = (await createOrganization(t.db, 'Alpha Orchards', { contactName: 'Anna', contactSurname: 'Botha' })).id;
    orgB = (await createOrganization(t.db, 'Beta Packers', { contactName: 'Ben', contactSurname: null })).id;
    orgEmpty = (await createOrganization(t.db, 'Gamma_100% Estates')).id;
    const [leA] = await t.db.insert(legalEntities).values([{ organizationId: orgA, name: 'Alpha Farming (Pty) Ltd' }, { organizationId: orgA, name: 'Alpha Second' }]).returning();
    const [leB] = await t.db.insert(legalEntities).values({ organizationId: orgB, name: 'Beta Packing (Pty) Ltd' }).returning();
    await t.db.update(organizations).set({ defaultLegalEntityId: leA!.id }).where(eq(organizations.id, orgA));
    // a default pointing at another organisation's legal entity shows none
    await t.db.update(organizations).set({ defaultLegalEntityId: leA!.id }).where(eq(organizations.id, orgEmpty));
    await t.db.insert(farms).values([
      { organizationId: orgA, legalEntityId: leA!.id, farmName: 'A one' },
      { organizationId: orgA, legalEntityId: leA!.id, farmName: 'A two' },
      { organizationId: orgA, legalEntityId: leA!.id, farmName: 'A three' },
      { organizationId: orgB, legalEntityId: leB!.id, farmName: 'B one' },
    ]);
    const administrators = await createRole(t.db, orgA, 'Administrator', ALL_PERMISSIONS);
    const packers = await createRole(t.db, orgB, 'Packers', [PERMISSIONS.pickingView]);
    operator = (await createUser(t.db, 'orgs-operator', { isSuperUser: true })).id;
    orgAdmin = (await createUser(t.db, 'orgs-admin')).id;
    const shared = (await createUser(t.db, 'orgs-shared')).id;
    const disabled = (await createUser(t.db, 'orgs-disabled', { isEnabled: false })).id;
    await addMember(t.db, operator, orgA, []);
    await addMember(t.db, orgAdmin, orgA, [administrators.id]);
    await addMember(t.db, shared, orgA, []);
    await addMember(t.db, shared, orgB, [packers.id]);
    await addMember(t.db, disabled, orgB, []);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a super user sees every organisation by name with its contact, default legal entity, farm and user counts', async () => {
    const res = await list(operator);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrganizationsResponse>();
    expect(body.organizations).toEqual([
      { id: orgA, name: 'Alpha Orchards', contactRow: { fullName: 'Anna Botha' }, default_Legal_EntityRow: { name: 'Alpha Farming (Pty) Ltd' } },
      { id: orgB, name: 'Beta Packers', contactRow: { fullName: 'Ben' }, default_Legal_EntityRow: null },
      { id: orgEmpty, name: 'Gamma_100% Estates', contactRow: null, default_Legal_EntityRow: null },
    ]);
    // members count whatever their state (the disabled one too); a user in two organisations counts in both
    expect(body.counts).toEqual([
      { id: orgA, farm_Count: 3, user_Count: 3 },
      { id: orgB, farm_Count: 1, user_Count: 2 },
      { id: orgEmpty, farm_Count: 0, user_Count: 0 },
    ]);
    expect(body).toMatchObject({ totalRecords: 3, page: 1, pageSize: 20 });
  });

  it('needs no organisation: the header is ignored, even one the super user is not a member of', async () => {
    const bare = await t.app.inject({ method: 'GET', url: ORGANIZATIONS_PATHS.list, headers: await t.bearer(operator) });
    expect(bare.statusCode).toBe(200);
    expect(bare.json<OrganizationsResponse>().totalRecords).toBe(3);
    expect((await list(operator, '', orgB)).statusCode).toBe(200);
  });

  it("an organisation's Administrator who is not a super user is refused (403), management.organisations or not", async () => {
    for (const who of [orgAdmin]) {
      for (const headers of [await t.headersFor(who, orgA), await t.bearer(who)]) {
        const res = await t.app.inject({ method: 'GET', url: ORGANIZATIONS_PATHS.list, headers });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
        expect(res.body).not.toContain('Alpha Farming');
      }
    }
    expect((await t.app.inject({ method: 'GET', url: ORGANIZATIONS_PATHS.list })).statusCode).toBe(401);
  });

  it('searches names on the server, ignoring case, with LIKE wildcards taken literally', async () => {
    const names = async (query: string) => (await list(operator, query)).json<OrganizationsResponse>();
    const alpha = await names('?search=%20ALPHA%20');
    expect(alpha.organizations.map((o) => o.name)).toEqual(['Alpha Orchards']);
    expect(alpha.counts).toEqual([{ id: orgA, farm_Count: 3, user_Count: 3 }]);
    expect(alpha.totalRecords).toBe(1);
    expect((await names('?search=a')).totalRecords).toBe(3);
    expect((await names('?search=_100%25')).organizations.map((o) => o.name)).toEqual(['Gamma_100% Estates']);
    expect((await names('?search=%25')).organizations.map((o) => o.name)).toEqual(['Gamma_100% Estates']);
    expect((await names('?search=nothing-like-it')).organizations).toEqual([]);
    expect((await names('?search=')).totalRecords).toBe(3);
    expect((await list(operator, `?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('pages 20/50/100 on the server, by name then id; other page sizes are refused', async () => {
    for (let i = 1; i <= 22; i++) await createOrganization(t.db, `Paged ${String(i).padStart(2, '0')}`);
    const page = async (query: string) => (await list(operator, query)).json<OrganizationsResponse>();
    const first = await page('?search=paged&page=1&pageSize=20');
    expect(first.organizations).toHaveLength(20);
    expect(first.counts.map((c) => c.id)).toEqual(first.organizations.map((o) => o.id));
    expect(first.totalRecords).toBe(22);
    const second = await page('?search=paged&page=2&pageSize=20');
    expect(second.organizations.map((o) => o.name)).toEqual(['Paged 21', 'Paged 22']);
    expect(second).toMatchObject({ page: 2, pageSize: 20, totalRecords: 22 });
    expect((await page('?search=paged&page=9')).organizations).toEqual([]);
    expect((await page('?pageSize=50')).organizations).toHaveLength(25);
    expect((await page('?pageSize=100')).totalRecords).toBe(25);
    for (const bad of ['?pageSize=10', '?pageSize=1000', '?page=0', '?page=x']) expect((await list(operator, bad)).statusCode, bad).toBe(400);
  });

  describe('opening an organisation from the list', () => {
    const open = async (who: number, organizationId: number) =>
      t.app.inject({ method: 'POST', url: ORGANIZATIONS_PATHS.open.replace(':id', String(organizationId)), headers: await t.bearer(who) });
    const switchTo = async (who: number, organizationId: number) =>
      t.app.inject({ method: 'PUT', url: SHELL_PATHS.defaultOrganization, headers: await t.bearer(who), payload: { organizationId } });
    const permissionsIn = async (who: number, organizationId: number) =>
      t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers: await t.headersFor(who, organizationId) });
    const myOrganizations = async (who: number) =>
      (await t.app.inject({ method: 'GET', url: SHELL_PATHS.organizations, headers: await t.bearer(who) })).json<Organization[]>().map((o) => o.id);
    const rolesIn = async (who: number, organizationId: number) =>
      (await t.db.select().from(userRoles).where(and(eq(userRoles.userId, who), eq(userRoles.organizationId, organizationId)))).map((r) => r.roleId);
    const membersOf = async (organizationId: number) =>
      (await t.db.select().from(memberships).where(eq(memberships.organizationId, organizationId))).map((m) => m.userId).sort((a, b) => a - b);

    it('a super user who is not a member opens it: they join holding its role that carries every permission, then switch to it', async () => {
      const org = (await createOrganization(t.db, 'Opened Orchards')).id;
      const full = await createRole(t.db, org, 'Administrator', ALL_PERMISSIONS);
      await createRole(t.db, org, 'Pickers', [PERMISSIONS.pickingView]);
      // today's answers to a super user who is not a member: the organisation looks nonexistent
      expect((await switchTo(operator, org)).statusCode).toBe(404);
      expect((await permissionsIn(operator, org)).statusCode).toBe(404);

      const res = await open(operator, org);
      expect(res.statusCode, res.body).toBe(204);
      expect(await myOrganizations(operator)).toContain(org);
      expect(await rolesIn(operator, org)).toEqual([full.id]);
      expect((await switchTo(operator, org)).statusCode).toBe(204);
      const me = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: await t.bearer(operator) });
      expect(me.json().last_Organization).toBe(org);
      const permissions = await permissionsIn(operator, org);
      expect(permissions.statusCode).toBe(200);
      expect(permissions.json()).toEqual([...ALL_PERMISSIONS].sort());
      // opening it again changes nothing
      expect((await open(operator, org)).statusCode).toBe(204);
      expect(await rolesIn(operator, org)).toEqual([full.id]);
      // the organisation's audit trail shows the operator joining it, once
      const joined = await t.db.select().from(auditEntries).where(eq(auditEntries.organizationId, org));
      expect(joined).toHaveLength(1);
      expect(joined[0]).toMatchObject({ area: 'users', action: 'create', entityId: String(operator), actorUserId: operator, actorIsSuperUser: true });
      expect(joined[0]!.changes).toEqual({ roles: { before: null, after: ['Administrator'] } });
    });

    it('an organisation without a role that carries every permission: the super user joins without a role', async () => {
      const org = (await createOrganization(t.db, 'Opened Without Administrator')).id;
      await createRole(t.db, org, 'Pickers', [PERMISSIONS.pickingView]);
      expect((await open(operator, org)).statusCode).toBe(204);
      expect(await membersOf(org)).toEqual([operator]);
      expect(await rolesIn(operator, org)).toEqual([]);
      expect((await permissionsIn(operator, org)).json()).toEqual([]);
    });

    it('a member already: nothing changes, whatever roles they hold there', async () => {
      // the operator is a member of A without a role
      expect((await open(operator, orgA)).statusCode).toBe(204);
      expect(await rolesIn(operator, orgA)).toEqual([]);
    });

    it('refuses everyone but super users with 403, an Administrator holding every permission included, and nothing changes', async () => {
      const org = (await createOrganization(t.db, 'Not For Administrators')).id;
      await createRole(t.db, org, 'Administrator', ALL_PERMISSIONS);
      const res = await open(orgAdmin, org);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(await membersOf(org)).toEqual([]);
      // and, as before, neither the switch nor the organisation's context lets them in
      expect((await switchTo(orgAdmin, org)).statusCode).toBe(404);
      expect((await permissionsIn(orgAdmin, org)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: ORGANIZATIONS_PATHS.open.replace(':id', String(org)) })).statusCode).toBe(401);
    });

    it('answers 404 for an organisation that does not exist or is not active, and 400 for an id that is not one', async () => {
      const inactive = (await createOrganization(t.db, 'Closed Orchards', { isActive: false })).id;
      for (const id of [inactive, 999_999]) {
        const res = await open(operator, id);
        expect(res.statusCode, String(id)).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      expect(await membersOf(inactive)).toEqual([]);
      const bad = await t.app.inject({ method: 'POST', url: ORGANIZATIONS_PATHS.open.replace(':id', 'x'), headers: await t.bearer(operator) });
      expect(bad.statusCode).toBe(400);
    });
  });
});
