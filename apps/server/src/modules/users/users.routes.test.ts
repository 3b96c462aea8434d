import { reasonOf, ALL_PERMISSIONS, PERMISSIONS, type Permission } from '@orchard/shared/core';
import { USER_MESSAGES, type User } from '@orchard/shared/users';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { addMember, assignFarms, createOrganization, createRole, createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';
import { isUniqueViolation } from '../../db/pg-errors';
import {
  areas,
  farms,
  legalEntities,
  memberships,
  notifications,
  organizationPackhouses,
  packhouses,
  regions,
  userFarms,
  userPackhouses,
  userRoles,
  users,
} from '../../db/schema/index';

describe('users API', () => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let admin: number; // every permission in A, not a super user
  let superAdmin: number; // every permission in A and a super user
  let manager: number; // users.view + users.manage + roles.view + roles.assign (no roles.manage)
  let managerNoView: number; // users.view + users.manage + roles.assign, without roles.view
  let viewer: number; // users.view only
  let plain: number; // no permissions
  let roleAdmin: number;
  let roleManager: number;
  let roleManagerNoView: number;
  let roleViewer: number;
  let roleEmpty: number;
  let roleScout: number; // users.view: within the manager's permissions
  let rolePowerful: number; // everything
  let roleB: number;
  let farmA1: number;
  let farmA2: number;
  let farmB: number;
  let packhouseLinked: number;
  let packhouseOwned: number;
  let packhouseForeign: number;
  let n = 0;

  const as = async (userId: number, org = orgA) => t.headersFor(userId, org);
  const unique = (prefix: string) => `${prefix}-${++n}`;

  async function newMember(roleIds: number[] = [], extra: Parameters<typeof createUser>[2] = {}) {
    const user = await createUser(t.db, unique('member'), extra);
    await addMember(t.db, user.id, orgA, roleIds);
    return user;
  }

  async function roleWith(name: string, permissions: readonly Permission[], org = orgA) {
    return (await createRole(t.db, org, name, permissions)).id;
  }

  async function getUser(userId: number): Promise<User> {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: await as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const validNewUser = (overrides: Record<string, unknown> = {}) => ({
    userName: unique('new.user'),
    // an e-mail signs in too, so each account has its own
    email: `${unique('new.user')}@example.test`,
    password: 'secret1',
    fullName: 'New User',
    jobTitle: 'Picker',
    phoneNumber: '082 555 0101',
    roleIds: [roleScout],
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    orgA = (await createOrganization(t.db, 'Users Org A')).id;
    orgB = (await createOrganization(t.db, 'Users Org B')).id;
    roleAdmin = await roleWith('Administrator', ALL_PERMISSIONS);
    roleManager = await roleWith('Manager', [
      PERMISSIONS.usersView,
      PERMISSIONS.usersManage,
      PERMISSIONS.rolesView,
      PERMISSIONS.rolesAssign,
    ]);
    roleManagerNoView = await roleWith('Manager without roles', [
      PERMISSIONS.usersView,
      PERMISSIONS.usersManage,
      PERMISSIONS.rolesAssign,
    ]);
    roleViewer = await roleWith('Viewer', [PERMISSIONS.usersView]);
    roleEmpty = await roleWith('Empty', []);
    roleScout = await roleWith('Scout', [PERMISSIONS.usersView]);
    rolePowerful = await roleWith('Powerful', ALL_PERMISSIONS);
    roleB = await roleWith('B role', [PERMISSIONS.usersView], orgB);

    admin = (await newMember([roleAdmin])).id;
    superAdmin = (await newMember([roleAdmin], { isSuperUser: true })).id;
    manager = (await newMember([roleManager])).id;
    managerNoView = (await newMember([roleManagerNoView])).id;
    viewer = (await newMember([roleViewer])).id;
    plain = (await newMember([roleEmpty])).id;

    const [region] = await t.db.insert(regions).values({ regionName: 'Western Cape' }).returning();
    const [area] = await t.db.insert(areas).values({ areaName: 'Citrusdal', regionId: region!.id }).returning();
    const [leA] = await t.db.insert(legalEntities).values({ organizationId: orgA, name: 'A Estates' }).returning();
    const [leB] = await t.db.insert(legalEntities).values({ organizationId: orgB, name: 'B Estates' }).returning();
    const farm = async (organizationId: number, legalEntityId: number, farmName: string, areaId: number | null = null) =>
      (await t.db.insert(farms).values({ organizationId, legalEntityId, farmName, areaId }).returning())[0]!.id;
    farmA1 = await farm(orgA, leA!.id, 'Amandel', area!.id);
    farmA2 = await farm(orgA, leA!.id, 'Bergvliet');
    farmB = await farm(orgB, leB!.id, 'Foreign Farm');
    // a caller assigns only farms of their own: the administrator is assigned both of A's farms
    await assignFarms(t.db, admin, orgA, [farmA1, farmA2]);
    const packhouse = async (name: string, ownerOrganizationId: number | null) =>
      (await t.db.insert(packhouses).values({ name, ownerOrganizationId }).returning())[0]!.id;
    packhouseLinked = await packhouse('Linked Packhouse', null);
    packhouseOwned = await packhouse('Owned Packhouse', orgA);
    packhouseForeign = await packhouse('Foreign Packhouse', orgB);
    await t.db.insert(organizationPackhouses).values({ organizationId: orgA, packhouseId: packhouseLinked });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('list', () => {
    it("lists the organisation's users with roles, farms, packhouses and lockout, plus all roles with roles.view", async () => {
      const locked = await newMember([roleScout], { lockoutEnd: new Date(Date.now() + 600_000), phoneNumber: '021 000' });
      await t.db.insert(userFarms).values({ userId: locked.id, farmId: farmA1, organizationId: orgA });
      await t.db.insert(userPackhouses).values({ userId: locked.id, packhouseId: packhouseOwned, organizationId: orgA });
      const outsider = await createUser(t.db, unique('outsider'));
      await addMember(t.db, outsider.id, orgB, [roleB]);

      const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: await as(admin) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const row = body.users.find((u: User) => u.id === locked.id);
      expect(row).toMatchObject({
        userName: locked.userName,
        email: locked.email,
        phoneNumber: '021 000',
        roles: ['Scout'],
        roleIds: [roleScout],
        farms: [farmA1],
        packhouses: [packhouseOwned],
        isEnabled: true,
        isLockedOut: true,
        version: 1,
      });
      expect(body.users.map((u: User) => u.id)).not.toContain(outsider.id);
      expect(Object.keys(row).sort()).toEqual(
        ['avatar', 'email', 'farms', 'fullName', 'id', 'inOtherOrganizations', 'isEnabled', 'isLockedOut', 'isSuperUser', 'jobTitle', 'packhouses', 'phoneNumber', 'roleIds', 'roles', 'userName', 'version'].sort(),
      );
      const scout = body.roles.find((r: { id: number }) => r.id === roleScout);
      expect(scout).toMatchObject({ name: 'Scout', usersCount: 1, isAssignable: true });
      expect(body.roles.map((r: { id: number }) => r.id)).not.toContain(roleB);
    });

    it('answers users only (roles null) without roles.view, and 403 without users.view', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: await as(viewer) });
      expect(res.statusCode).toBe(200);
      expect(res.json().roles).toBeNull();
      expect(res.json().users.length).toBeGreaterThan(3);
      const denied = await t.app.inject({ method: 'GET', url: '/api/users', headers: await as(plain) });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe('FORBIDDEN');
    });

    it('marks roles carrying permissions the caller lacks as not assignable', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: await as(manager) });
      const roles = res.json().roles as { id: number; isAssignable: boolean }[];
      expect(roles.find((r) => r.id === rolePowerful)?.isAssignable).toBe(false);
      expect(roles.find((r) => r.id === roleScout)?.isAssignable).toBe(true);
      expect(roles.find((r) => r.id === roleManager)?.isAssignable).toBe(true);
    });
  });

  describe('get', () => {
    it('answers a member to users.view, yourself without it, 403 for others without it, 404 for non-members', async () => {
      const other = await newMember([roleScout]);
      expect((await t.app.inject({ method: 'GET', url: `/api/users/${other.id}`, headers: await as(viewer) })).statusCode).toBe(200);
      const self = await t.app.inject({ method: 'GET', url: `/api/users/${plain}`, headers: await as(plain) });
      expect(self.statusCode).toBe(200);
      expect(self.json()).toMatchObject({ id: plain, roles: ['Empty'] });
      expect((await t.app.inject({ method: 'GET', url: `/api/users/${other.id}`, headers: await as(plain) })).statusCode).toBe(403);
      const outsider = await createUser(t.db, unique('outsider'));
      await addMember(t.db, outsider.id, orgB);
      const hidden = await t.app.inject({ method: 'GET', url: `/api/users/${outsider.id}`, headers: await as(admin) });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.code).toBe('NOT_FOUND');
      expect((await t.app.inject({ method: 'GET', url: '/api/users/999999', headers: await as(admin) })).statusCode).toBe(404);
    });
  });

  describe('create', () => {
    it('creates an enabled member with roles, farms and packhouses, who can then sign in', async () => {
      const body = validNewUser({ farmIds: [farmA1, farmA2], packhouseIds: [packhouseLinked, packhouseOwned] });
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: body });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        userName: body.userName,
        email: body.email,
        fullName: 'New User',
        jobTitle: 'Picker',
        phoneNumber: '082 555 0101',
        roles: ['Scout'],
        roleIds: [roleScout],
        farms: [farmA1, farmA2].sort((a, b) => a - b),
        packhouses: [packhouseLinked, packhouseOwned].sort((a, b) => a - b),
        isEnabled: true,
        isLockedOut: false,
        version: 1,
      });
      expect(created).not.toHaveProperty('password');
      const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.lastOrganizationId).toBe(orgA);
      const session = await signIn(t.app, body.userName, 'secret1', { remoteAddress: '10.1.0.1' });
      expect(session.accessToken).toBeTruthy();
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, created.id));
      expect(notes.map((x) => x.header)).toEqual(['Your roles have changed']);
    });

    it('keeps isEnabled false when asked', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser({ isEnabled: false }) });
      expect(res.statusCode).toBe(201);
      expect(res.json().isEnabled).toBe(false);
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['user name missing', { userName: undefined }, 'userName', USER_MESSAGES.userName],
      ['user name of 1 character', { userName: 'a' }, 'userName', USER_MESSAGES.userName],
      ['user name of spaces', { userName: '   ' }, 'userName', USER_MESSAGES.userName],
      ['user name of 201 characters', { userName: 'u'.repeat(201) }, 'userName', USER_MESSAGES.userName],
      ['email missing', { email: undefined }, 'email', USER_MESSAGES.emailRequired],
      ['email empty', { email: '' }, 'email', USER_MESSAGES.emailRequired],
      ['email of 201 characters', { email: `${'e'.repeat(189)}@example.com` }, 'email', USER_MESSAGES.emailRequired],
      ['email without @', { email: 'not-an-email' }, 'email', USER_MESSAGES.emailInvalid],
      ['email without domain', { email: 'someone@' }, 'email', USER_MESSAGES.emailInvalid],
      ['password missing', { password: undefined }, 'password', USER_MESSAGES.passwordRequired],
      ['password empty', { password: '' }, 'password', USER_MESSAGES.passwordRequired],
      ['password of 5 characters', { password: '12345' }, 'password', USER_MESSAGES.newPasswordMin],
      ['roles missing', { roleIds: undefined }, 'roleIds', USER_MESSAGES.rolesRequired],
      ['no roles', { roleIds: [] }, 'roleIds', USER_MESSAGES.rolesRequired],
    ];
    it.each(cases)("refuses %s with the field's message", async (_name, overrides, field, message) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser(overrides) });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details).toEqual([{ field, message, reason: reasonOf(message) }]);
    });

    it('accepts the boundaries: user name of 2 and 200 characters, email of 200 characters, password of 6', async () => {
      for (const payload of [
        validNewUser({ userName: 'ab' }),
        validNewUser({ userName: 'x'.repeat(200), email: `${'e'.repeat(188)}@example.com` }),
        validNewUser({ password: '123456' }),
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload });
        expect(res.statusCode, res.body).toBe(201);
      }
    });

    it('takes role, farm and packhouse ids as JSON numbers only (a string or boolean is not read as an id)', async () => {
      for (const payload of [
        validNewUser({ roleIds: [String(roleScout)] }),
        validNewUser({ roleIds: [true] }),
        validNewUser({ farmIds: [`${farmA1}`] }),
        validNewUser({ packhouseIds: [`0x${packhouseOwned.toString(16)}`] }),
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect((await t.db.select().from(users).where(eq(users.userName, payload.userName))).length).toBe(0);
      }
    });

    it('caps free-text fields', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser({ fullName: 'f'.repeat(201) }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('fullName');
    });

    it('refuses a user name already taken, whatever its case, with 409', async () => {
      const existing = await createUser(t.db, unique('Taken.Name'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: await as(admin),
        payload: validNewUser({ userName: existing.userName.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.userNameTaken(existing.userName.toUpperCase()), reason: 'user-name-taken' });
    });

    it('the database refuses a second user whose name differs only in case, whatever the application checked', async () => {
      const existing = await createUser(t.db, unique('Db.Name'));
      const second = createUser(t.db, existing.userName.toUpperCase(), { email: `${unique('db.name')}@example.test` });
      const err: unknown = await second.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(err), String(err)).toBe(true);
      expect(await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.userName}) = lower(${existing.userName})`)).toHaveLength(1);
    });

    it('creates one user of concurrent creates with the same name, and answers the others with the taken message', async () => {
      const name = unique('Race.Name');
      const spellings = [name, name.toUpperCase(), name.toLowerCase(), name];
      const headers = await as(admin);
      const answers = await Promise.all(
        spellings.map((userName) => t.app.inject({ method: 'POST', url: '/api/users', headers, payload: validNewUser({ userName }) })),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 201), answers.map((res) => res.body).join('\n')).toHaveLength(1);
      answers.forEach((res, i) => {
        if (res.statusCode === 201) return;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.userNameTaken(spellings[i]!), reason: 'user-name-taken' });
      });
      expect(await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.userName}) = lower(${name})`)).toHaveLength(1);
    });

    it("refuses a sign-in name of another account: a user name equal to someone's e-mail, an e-mail already used (any case)", async () => {
      // another organisation's member, who signs in with their e-mail
      const victim = await createUser(t.db, unique('victim'), { email: `${unique('victim')}@b.example` });
      await addMember(t.db, victim.id, orgB, [roleB]);
      const asName = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser({ userName: victim.email.toUpperCase() }) });
      expect(asName.statusCode).toBe(409);
      expect(asName.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.userNameTaken(victim.email.toUpperCase()), reason: 'user-name-taken' });
      const asEmail = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser({ email: victim.email.toUpperCase() }) });
      expect(asEmail.statusCode).toBe(409);
      expect(asEmail.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.emailTaken(victim.email.toUpperCase()), reason: 'email-taken' });
      // and an e-mail equal to someone's user name (a user name may look like an address)
      const named = await createUser(t.db, `${unique('named')}@c.example`);
      const asOtherName = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser({ email: named.userName }) });
      expect(asOtherName.statusCode).toBe(409);
      expect(await t.db.select().from(users).where(eq(users.email, victim.email.toUpperCase()))).toHaveLength(0);
      // the victim still signs in with their e-mail
      expect((await signIn(t.app, victim.email, FIXTURE_PASSWORD)).response.json().user_id).toBe(victim.id);
    });

    it('needs both users.manage and roles.assign', async () => {
      const manageOnly = (await newMember([await roleWith(unique('manage only'), [PERMISSIONS.usersManage])])).id;
      const assignOnly = (await newMember([await roleWith(unique('assign only'), [PERMISSIONS.rolesAssign, PERMISSIONS.usersView])])).id;
      for (const who of [manageOnly, assignOnly, plain, viewer]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(who), payload: validNewUser() });
        expect(res.statusCode).toBe(403);
      }
    });

    it('escalation guard: roles carrying permissions the caller lacks are refused with 403', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(manager), payload: validNewUser({ roleIds: [rolePowerful] }) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(USER_MESSAGES.roleNotAssignable('Powerful'));
      const ok = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(manager), payload: validNewUser({ roleIds: [roleScout] }) });
      expect(ok.statusCode).toBe(201);
    });

    it('escalation guard: without roles.view only your own roles are assignable', async () => {
      const other = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(managerNoView), payload: validNewUser({ roleIds: [roleScout] }) });
      expect(other.statusCode).toBe(403);
      const own = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(managerNoView), payload: validNewUser({ roleIds: [roleManagerNoView] }) });
      expect(own.statusCode, own.body).toBe(201);
    });

    it("refuses another organisation's role, farm or packhouse with 404 and creates nothing", async () => {
      for (const overrides of [{ roleIds: [roleB] }, { farmIds: [farmB] }, { packhouseIds: [packhouseForeign] }]) {
        const body = validNewUser(overrides);
        const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: body });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(404);
        expect(await t.db.select().from(users).where(eq(users.userName, body.userName as string))).toEqual([]);
      }
    });
  });

  describe('update', () => {
    const save = async (who: number, target: User, changes: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: await as(who),
        payload: {
          version: target.version,
          userName: target.userName,
          email: target.email,
          fullName: target.fullName,
          jobTitle: target.jobTitle,
          phoneNumber: target.phoneNumber,
          ...changes,
        },
      });

    it('saves profile, roles, farms and packhouses together and moves the version on', async () => {
      const target = await getUser((await newMember([roleScout])).id);
      const res = await save(admin, target, {
        fullName: 'Renamed Person',
        jobTitle: '',
        roleIds: [roleScout, roleViewer],
        farmIds: [farmA2],
        packhouseIds: [packhouseLinked],
        isEnabled: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        fullName: 'Renamed Person',
        jobTitle: null,
        roles: ['Scout', 'Viewer'],
        farms: [farmA2],
        packhouses: [packhouseLinked],
        isEnabled: false,
        version: target.version + 1,
      });
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, target.id));
      expect(notes.map((x) => x.header)).toContain('Your roles have changed');
      expect(notes.find((x) => x.header === 'Your roles have changed')!.organizationId).toBe(orgA);
    });

    it('answers 412 to a stale version and leaves the row as it was', async () => {
      const target = await getUser((await newMember([roleScout])).id);
      expect((await save(admin, target, { fullName: 'First' })).statusCode).toBe(200);
      const stale = await save(admin, target, { fullName: 'Second' });
      expect(stale.statusCode).toBe(412);
      expect(stale.json().error).toEqual({ code: 'PRECONDITION_FAILED', message: USER_MESSAGES.staleVersion, reason: 'user-stale' });
      expect((await getUser(target.id)).fullName).toBe('First');
    });

    it('two concurrent saves of the same version: exactly one wins, the other gets 412', async () => {
      const target = await getUser((await newMember([roleScout])).id);
      const results = await Promise.all([
        save(admin, target, { fullName: 'Left', roleIds: [roleViewer] }),
        save(admin, target, { fullName: 'Right', roleIds: [roleScout, roleViewer] }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
      const winner = results.find((r) => r.statusCode === 200)!.json() as User;
      const stored = await getUser(target.id);
      expect(stored.fullName).toBe(winner.fullName);
      expect(stored.roleIds).toEqual(winner.roleIds);
      expect(stored.version).toBe(target.version + 1);
    });

    it('applies the same field rules and messages as create', async () => {
      const target = await getUser((await newMember([roleScout])).id);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ userName: 'a' }, 'userName', USER_MESSAGES.userName],
        [{ email: '' }, 'email', USER_MESSAGES.emailRequired],
        [{ email: 'bad' }, 'email', USER_MESSAGES.emailInvalid],
        [{ roleIds: [] }, 'roleIds', USER_MESSAGES.rolesRequired],
      ];
      for (const [changes, field, message] of cases) {
        const res = await save(admin, target, changes);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.details).toEqual([{ field, message, reason: reasonOf(message) }]);
      }
      const missingVersion = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: await as(admin),
        payload: { userName: target.userName, email: target.email },
      });
      expect(missingVersion.statusCode).toBe(400);
    });

    it('refuses a user name taken by someone else with 409 but lets you change the case of your own', async () => {
      const other = await createUser(t.db, unique('occupied'));
      const target = await getUser((await newMember([roleScout])).id);
      const taken = await save(admin, target, { userName: other.userName.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      const recased = await save(admin, target, { userName: target.userName.toUpperCase() });
      expect(recased.statusCode, recased.body).toBe(200);
    });

    it("refuses a user name or e-mail that is another account's sign-in name; an e-mail shared before is kept on save", async () => {
      const victim = await createUser(t.db, unique('victim'), { email: `${unique('victim')}@b.example` });
      await addMember(t.db, victim.id, orgB, [roleB]);
      // any member may rename themselves: their own profile is the way in
      const me = await getUser(plain);
      const asName = await save(plain, me, { userName: victim.email });
      expect(asName.statusCode).toBe(409);
      expect(asName.json().error.reason).toBe('user-name-taken');
      const asEmail = await save(plain, me, { email: victim.email.toUpperCase() });
      expect(asEmail.statusCode).toBe(409);
      expect(asEmail.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.emailTaken(victim.email.toUpperCase()), reason: 'email-taken' });
      expect(await getUser(plain)).toEqual(me);
      expect((await signIn(t.app, victim.email, FIXTURE_PASSWORD)).response.json().user_id).toBe(victim.id);

      // two accounts that shared an e-mail before this rule still save their other changes, and the case of their own
      const twin = await newMember([roleScout], { email: victim.email });
      const target = await getUser(twin.id);
      const kept = await save(admin, target, { fullName: 'Still Saved' });
      expect(kept.statusCode, kept.body).toBe(200);
      const recased = await save(admin, kept.json() as User, { email: victim.email.toUpperCase() });
      expect(recased.statusCode, recased.body).toBe(200);
    });

    it('lets you save your own profile without users.manage, but not your roles or enabled state', async () => {
      const me = await getUser(plain);
      const res = await save(plain, me, { fullName: 'Plain Person', phoneNumber: '011 222' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ fullName: 'Plain Person', phoneNumber: '011 222' });
      const fresh = res.json() as User;
      expect((await save(plain, fresh, { roleIds: [roleAdmin] })).statusCode).toBe(403);
      expect((await save(plain, fresh, { isEnabled: false })).statusCode).toBe(403);
      expect((await save(plain, fresh, { farmIds: [farmA1] })).statusCode).toBe(403);
      expect((await save(plain, fresh, { packhouseIds: [packhouseOwned] })).statusCode).toBe(403);
      expect((await getUser(plain)).roleIds).toEqual([roleEmpty]);
    });

    it("refuses to save someone else's profile without users.manage", async () => {
      const target = await getUser((await newMember([roleScout])).id);
      expect((await save(viewer, target, { fullName: 'Nope' })).statusCode).toBe(403);
    });

    it('refuses to disable yourself', async () => {
      const me = await getUser(admin);
      const res = await save(admin, me, { isEnabled: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(USER_MESSAGES.cannotDisableSelf);
    });

    it('escalation guard on update: cannot remove or add a role carrying permissions the caller lacks', async () => {
      const powerful = await getUser((await newMember([rolePowerful])).id);
      const remove = await save(manager, powerful, { roleIds: [roleScout] });
      expect(remove.statusCode).toBe(403);
      const weak = await getUser((await newMember([roleScout])).id);
      const add = await save(manager, weak, { roleIds: [roleScout, rolePowerful] });
      expect(add.statusCode).toBe(403);
      expect((await getUser(weak.id)).roleIds).toEqual([roleScout]);
      const b = await save(admin, weak, { roleIds: [roleB] });
      expect(b.statusCode).toBe(404);
    });

    it('protects the identity of a user who also belongs to another organisation: only they or a super user change it', async () => {
      const shared = await newMember([roleScout]);
      await addMember(t.db, shared.id, orgB, [roleB]);
      const target = await getUser(shared.id);
      expect(target.inOtherOrganizations).toBe(true);
      const identity: Record<string, unknown>[] = [
        { email: 'takeover@example.test' },
        { userName: unique('takeover') },
        { fullName: 'Renamed Elsewhere' },
        { jobTitle: 'Foreman' },
        { phoneNumber: '000 000' },
        { isEnabled: false },
      ];
      for (const changes of identity) {
        const res = await save(admin, target, changes);
        expect(res.statusCode, JSON.stringify(changes)).toBe(403);
        expect(res.json().error.message).toBe(USER_MESSAGES.sharedUserProfile);
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, shared.id));
      expect(row).toMatchObject({ email: shared.email, userName: shared.userName, fullName: shared.fullName, jobTitle: null, isEnabled: true, version: 1 });
      // this organisation's side of them is the administrator's: roles, farms, packhouses
      const ok = await save(admin, target, { roleIds: [roleViewer], farmIds: [farmA1], packhouseIds: [packhouseOwned] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ roles: ['Viewer'], farms: [farmA1], packhouses: [packhouseOwned] });
      // a super user (with users.manage here) may change the identity
      const bySuper = await save(superAdmin, ok.json() as User, { jobTitle: 'Foreman' });
      expect(bySuper.statusCode, bySuper.body).toBe(200);
      expect(bySuper.json().jobTitle).toBe('Foreman');
      // and so may the person themselves
      const self = await save(shared.id, bySuper.json() as User, { phoneNumber: '011 555' });
      expect(self.statusCode, self.body).toBe(200);
      // a user of this organisation only: the administrator manages the identity as before
      const local = await getUser((await newMember([roleScout])).id);
      expect(local.inOtherOrganizations).toBe(false);
      expect((await save(admin, local, { fullName: 'Renamed Here', email: 'local@example.test' })).statusCode).toBe(200);
    });

    it('refuses a change of a member who holds a permission the caller lacks, and leaves them as they were', async () => {
      const powerful = await getUser((await newMember([rolePowerful])).id);
      for (const changes of [{ fullName: 'Demoted' }, { isEnabled: false }, { jobTitle: 'Nope' }]) {
        const res = await save(manager, powerful, changes);
        expect(res.statusCode, JSON.stringify(changes)).toBe(403);
        expect(res.json().error.message).toBe(USER_MESSAGES.userAboveCaller);
      }
      expect(await getUser(powerful.id)).toEqual(powerful);
    });

    it('keeps an enabled member who holds every permission: demoting yourself as the last one answers 409', async () => {
      const org = (await createOrganization(t.db, unique('Last admin org'))).id;
      const all = await roleWith(unique('All'), ALL_PERMISSIONS, org);
      const some = await roleWith(unique('Some'), [PERMISSIONS.usersView, PERMISSIONS.usersManage, PERMISSIONS.rolesAssign], org);
      const only = await createUser(t.db, unique('only-admin'));
      await addMember(t.db, only.id, org, [all]);
      const me = (await t.app.inject({ method: 'GET', url: `/api/users/${only.id}`, headers: await as(only.id, org) })).json() as User;
      const put = async (url: string, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url, headers: await as(only.id, org), payload });
      const viaRoles = await put(`/api/users/${only.id}/roles`, { roleIds: [some] });
      expect(viaRoles.statusCode, viaRoles.body).toBe(409);
      expect(viaRoles.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.lastFullMember, reason: 'last-full-member' });
      const viaSave = await put(`/api/users/${only.id}`, { version: me.version, userName: me.userName, email: me.email, roleIds: [some] });
      expect(viaSave.statusCode, viaSave.body).toBe(409);
      expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, only.id))).map((r) => r.roleId)).toEqual([all]);
      const [row] = await t.db.select().from(users).where(eq(users.id, only.id));
      expect(row!.version).toBe(me.version);
      // with a second one, it may
      const second = await createUser(t.db, unique('second-admin'));
      await addMember(t.db, second.id, org, [all]);
      expect((await put(`/api/users/${only.id}/roles`, { roleIds: [some] })).statusCode).toBe(200);
    });

    it("disabling (a super user's act for a shared user) counts in every organisation of theirs", async () => {
      const orgC = (await createOrganization(t.db, unique('Only admin elsewhere'))).id;
      const allC = await roleWith(unique('All C'), ALL_PERMISSIONS, orgC);
      const person = await newMember([roleScout]);
      await addMember(t.db, person.id, orgC, [allC]); // the only one in C who holds every permission
      const target = await getUser(person.id);
      const res = await save(superAdmin, target, { isEnabled: false });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(USER_MESSAGES.lastFullMember);
      expect((await getUser(person.id)).isEnabled).toBe(true);
    });
  });

  describe('a save meeting a unique key written first by someone else', () => {
    /** Runs `work` while a trigger on `table` (before insert or update, on rows `when` picks) first writes `write`, as a concurrent save would. */
    async function withConcurrentWrite(table: string, when: string, write: string, work: () => Promise<void>) {
      await t.db.execute(
        sql.raw(`
        create function users_test_written_first() returns trigger language plpgsql as $$
        begin
          if pg_trigger_depth() = 1 and (${when}) then ${write}; end if;
          return new;
        end $$`),
      );
      await t.db.execute(sql.raw(`create trigger users_test_written_first before insert or update on ${table} for each row execute function users_test_written_first()`));
      try {
        await work();
      } finally {
        await t.db.execute(sql.raw(`drop trigger users_test_written_first on ${table}`));
        await t.db.execute(sql.raw('drop function users_test_written_first()'));
      }
    }

    const stale = { code: 'CONFLICT', message: USER_MESSAGES.staleVersion, reason: 'user-stale' };
    const savePayload = (target: User, changes: Record<string, unknown>) => ({
      version: target.version,
      userName: target.userName,
      email: target.email,
      ...changes,
    });

    it('answers a farm assignment written first with the changed-by-someone-else conflict, not the user name, and saves nothing', async () => {
      const prefix = unique('farm-first');
      const picks = `new.farm_id = ${farmA2} and new.user_id in (select id from users where user_name like '${prefix}%')`;
      await withConcurrentWrite('user_farms', picks, 'insert into user_farms select new.*', async () => {
        const userName = `${prefix}-created`;
        const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser({ userName, farmIds: [farmA2] }) });
        expect(created.statusCode, created.body).toBe(409);
        expect(created.json().error).toEqual(stale);
        expect(await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName))).toHaveLength(0);

        const member = await createUser(t.db, `${prefix}-member`);
        await addMember(t.db, member.id, orgA, [roleScout]);
        const before = await getUser(member.id);
        const saved = await t.app.inject({
          method: 'PUT',
          url: `/api/users/${member.id}`,
          headers: await as(admin),
          payload: savePayload(before, { fullName: 'Renamed', farmIds: [farmA2] }),
        });
        expect(saved.statusCode, saved.body).toBe(409);
        expect(saved.json().error).toEqual(stale);
        expect(await getUser(member.id)).toEqual(before);
      });
    });

    it('answers a role assignment written first with the changed-by-someone-else conflict, not the user name', async () => {
      const prefix = unique('role-first');
      const picks = `new.role_id = ${roleViewer} and new.user_id in (select id from users where user_name like '${prefix}%')`;
      await withConcurrentWrite('user_roles', picks, 'insert into user_roles select new.*', async () => {
        const member = await createUser(t.db, `${prefix}-member`);
        await addMember(t.db, member.id, orgA, [roleScout]);
        const before = await getUser(member.id);
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/users/${member.id}`,
          headers: await as(admin),
          payload: savePayload(before, { roleIds: [roleScout, roleViewer] }),
        });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toEqual(stale);
        expect((await getUser(member.id)).roleIds).toEqual([roleScout]);
      });
    });

    it('answers a user name taken first (its unique index) with the taken message, on create and on save', async () => {
      const prefix = unique('name-first');
      const picks = `new.user_name like '${prefix}%' and (tg_op = 'INSERT' or new.user_name <> old.user_name)`;
      const takeFirst = "insert into users (user_name, email, password_hash) values (upper(new.user_name), 'first-' || new.email, new.password_hash)";
      await withConcurrentWrite('users', picks, takeFirst, async () => {
        const userName = `${prefix}-created`;
        const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(admin), payload: validNewUser({ userName }) });
        expect(created.statusCode, created.body).toBe(409);
        expect(created.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.userNameTaken(userName), reason: 'user-name-taken' });

        const member = await newMember([roleScout]);
        const before = await getUser(member.id);
        const renamed = `${prefix}-renamed`;
        const saved = await t.app.inject({ method: 'PUT', url: `/api/users/${member.id}`, headers: await as(admin), payload: savePayload(before, { userName: renamed }) });
        expect(saved.statusCode, saved.body).toBe(409);
        expect(saved.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.userNameTaken(renamed), reason: 'user-name-taken' });
        expect(await getUser(member.id)).toEqual(before);
      });
    });
  });

  describe('assignment endpoints', () => {
    it('replaces farms with farms of this organisation only', async () => {
      const target = await newMember([roleScout]);
      const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/farms`, headers: await as(admin), payload: { farmIds: [farmA1, farmA2] } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().farms).toEqual([farmA1, farmA2].sort((a, b) => a - b));
      const foreign = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/farms`, headers: await as(admin), payload: { farmIds: [farmA1, farmB] } });
      expect(foreign.statusCode).toBe(404);
      expect((await getUser(target.id)).farms).toEqual([farmA1, farmA2].sort((a, b) => a - b));
      expect((await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/farms`, headers: await as(viewer), payload: { farmIds: [] } })).statusCode).toBe(403);
    });

    it('replaces packhouses with packhouses linked to or owned by this organisation only', async () => {
      const target = await newMember([roleScout]);
      const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/packhouses`, headers: await as(admin), payload: { packhouseIds: [packhouseLinked, packhouseOwned] } });
      expect(ok.statusCode).toBe(200);
      const foreign = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/packhouses`, headers: await as(admin), payload: { packhouseIds: [packhouseForeign] } });
      expect(foreign.statusCode).toBe(404);
      expect((await getUser(target.id)).packhouses.length).toBe(2);
    });

    it('replaces roles with the escalation guard, 404 for foreign roles, 412 for a stale version', async () => {
      const target = await getUser((await newMember([roleScout])).id);
      const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/roles`, headers: await as(manager), payload: { roleIds: [roleViewer], version: target.version } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().roles).toEqual(['Viewer']);
      const stale = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/roles`, headers: await as(manager), payload: { roleIds: [roleScout], version: target.version } });
      expect(stale.statusCode).toBe(412);
      const up = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/roles`, headers: await as(manager), payload: { roleIds: [rolePowerful] } });
      expect(up.statusCode).toBe(403);
      const foreign = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/roles`, headers: await as(admin), payload: { roleIds: [roleB] } });
      expect(foreign.statusCode).toBe(404);
      const none = await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/roles`, headers: await as(admin), payload: { roleIds: [] } });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.details).toEqual([{ field: 'roleIds', message: USER_MESSAGES.rolesRequired, reason: 'roles-required' }]);
      expect((await getUser(target.id)).roleIds).toEqual([roleViewer]);
      expect((await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}/roles`, headers: await as(viewer), payload: { roleIds: [roleViewer] } })).statusCode).toBe(403);
    });

    it('offers farm and packhouse options of this organisation', async () => {
      const farmsRes = await t.app.inject({ method: 'GET', url: '/api/users/farm-options', headers: await as(admin) });
      expect(farmsRes.json()).toEqual([
        { id: farmA1, farm_Name: 'Amandel', area_Name: 'Citrusdal' },
        { id: farmA2, farm_Name: 'Bergvliet', area_Name: null },
      ]);
      const packRes = await t.app.inject({ method: 'GET', url: '/api/users/packhouse-options', headers: await as(admin) });
      expect(packRes.json()).toEqual([
        { id: packhouseLinked, name: 'Linked Packhouse' },
        { id: packhouseOwned, name: 'Owned Packhouse' },
      ]);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/farm-options', headers: await as(viewer) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/packhouse-options', headers: await as(viewer) })).statusCode).toBe(403);
    });
  });

  describe("farm assignment stays within the caller's own farms", () => {
    let roleFarmer: number;
    /** users.manage, roles.assign and users.assignFarms, assigned only the first farm */
    let farmer: number;

    const putFarms = async (who: number, userId: number, farmIds: number[]) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${userId}/farms`, headers: await as(who), payload: { farmIds } });
    const farmsOf = async (userId: number) =>
      (await t.db.select({ farmId: userFarms.farmId }).from(userFarms).where(eq(userFarms.userId, userId))).map((r) => r.farmId).sort((a, b) => a - b);

    beforeAll(async () => {
      roleFarmer = await roleWith('Farm assigner', [
        PERMISSIONS.usersView,
        PERMISSIONS.usersManage,
        PERMISSIONS.rolesView,
        PERMISSIONS.rolesAssign,
        PERMISSIONS.usersAssignFarms,
      ]);
      farmer = (await newMember([roleFarmer])).id;
      await assignFarms(t.db, farmer, orgA, [farmA1]);
    });

    it('refuses to widen your own farms with 403 naming the farm, and your farms stay as they were', async () => {
      const res = await putFarms(farmer, farmer, [farmA1, farmA2]);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: USER_MESSAGES.farmNotAssignable('Bergvliet'), reason: 'farm-not-assignable' });
      expect(await farmsOf(farmer)).toEqual([farmA1]);
      const mine = await t.app.inject({ method: 'GET', url: '/api/me/farms', headers: await as(farmer) });
      expect(mine.json()).toEqual([{ id: farmA1, title: 'Amandel' }]);
      // nor through the save of the editor
      const self = await getUser(farmer);
      const save = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${farmer}`,
        headers: await as(farmer),
        payload: { version: self.version, userName: self.userName, email: self.email, farmIds: [farmA1, farmA2] },
      });
      expect(save.statusCode, save.body).toBe(403);
      expect(save.json().error.message).toBe(USER_MESSAGES.farmNotAssignable('Bergvliet'));
      expect(await farmsOf(farmer)).toEqual([farmA1]);
    });

    it("refuses to give anyone a farm that is not the caller's: on the farms endpoint, the save and the create", async () => {
      const target = await getUser((await newMember([roleScout])).id);
      expectForbidden(await putFarms(farmer, target.id, [farmA2]));
      const save = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: await as(farmer),
        payload: { version: target.version, userName: target.userName, email: target.email, farmIds: [farmA1, farmA2] },
      });
      expectForbidden(save);
      expect(await farmsOf(target.id)).toEqual([]);
      const body = validNewUser({ farmIds: [farmA1, farmA2] });
      expectForbidden(await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(farmer), payload: body }));
      expect(await t.db.select().from(users).where(eq(users.userName, body.userName as string))).toEqual([]);
      // within the caller's own farms all three go through
      expect((await putFarms(farmer, target.id, [farmA1])).statusCode).toBe(200);
      const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: await as(farmer), payload: validNewUser({ farmIds: [farmA1] }) });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().farms).toEqual([farmA1]);

      function expectForbidden(res: Awaited<ReturnType<typeof putFarms>>) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.message).toBe(USER_MESSAGES.farmNotAssignable('Bergvliet'));
      }
    });

    it("adds and removes only the caller's farms: the target's other farms stay, and taking one of them away is 403", async () => {
      const target = await newMember([roleScout]);
      await assignFarms(t.db, target.id, orgA, [farmA2]);
      const added = await putFarms(farmer, target.id, [farmA1, farmA2]);
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().farms).toEqual([farmA1, farmA2].sort((a, b) => a - b));
      expect((await putFarms(farmer, target.id, [farmA2])).statusCode).toBe(200);
      const removed = await putFarms(farmer, target.id, []);
      expect(removed.statusCode, removed.body).toBe(403);
      expect(removed.json().error.message).toBe(USER_MESSAGES.farmNotAssignable('Bergvliet'));
      expect(await farmsOf(target.id)).toEqual([farmA2]);
    });

    it('lets a super user assign any farm of the organisation, to themselves too; another organisation\'s farm stays 404', async () => {
      expect(await farmsOf(superAdmin)).toEqual([]);
      const own = await putFarms(superAdmin, superAdmin, [farmA1, farmA2]);
      expect(own.statusCode, own.body).toBe(200);
      expect(await farmsOf(superAdmin)).toEqual([farmA1, farmA2].sort((a, b) => a - b));
      const target = await newMember([roleScout]);
      await assignFarms(t.db, target.id, orgA, [farmA2]);
      expect((await putFarms(superAdmin, target.id, [farmA1])).statusCode).toBe(200);
      expect(await farmsOf(target.id)).toEqual([farmA1]);
      expect((await putFarms(superAdmin, target.id, [farmA1, farmB])).statusCode).toBe(404);
      await t.db.delete(userFarms).where(eq(userFarms.userId, superAdmin));
    });

    it("offers the caller's own farms as options; a super user every farm of the organisation", async () => {
      const options = async (who: number) => (await t.app.inject({ method: 'GET', url: '/api/users/farm-options', headers: await as(who) })).json();
      expect(await options(farmer)).toEqual([{ id: farmA1, farm_Name: 'Amandel', area_Name: 'Citrusdal' }]);
      expect(await options(superAdmin)).toEqual([
        { id: farmA1, farm_Name: 'Amandel', area_Name: 'Citrusdal' },
        { id: farmA2, farm_Name: 'Bergvliet', area_Name: null },
      ]);
    });
  });

  describe("a super user's place in the organisation: only super users take it away", () => {
    /** A super user (a platform operator) of this organisation only, holding Administrator and Scout here. */
    async function newOperator() {
      const operator = await newMember([roleAdmin, roleScout], { isSuperUser: true, lockoutEnd: new Date(Date.now() + 600_000) });
      return getUser(operator.id);
    }
    const put = async (who: number, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, headers: await as(who), payload });
    const save = async (who: number, target: User, changes: Record<string, unknown>) =>
      put(who, `/api/users/${target.id}`, { version: target.version, userName: target.userName, email: target.email, ...changes });
    const expectProtected = (res: Awaited<ReturnType<typeof put>>, what: string) => {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: USER_MESSAGES.superUserProtected, reason: 'super-user-protected' });
    };
    const snapshot = async (userId: number) => ({
      row: (await t.db.select().from(users).where(eq(users.id, userId)))[0],
      memberships: (await t.db.select().from(memberships).where(eq(memberships.userId, userId))).map((m) => m.organizationId),
      roles: (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId).sort((a, b) => a - b),
    });

    it('is marked in the users list and in the user answer', async () => {
      const operator = await newOperator();
      expect(operator.isSuperUser).toBe(true);
      const list = (await t.app.inject({ method: 'GET', url: '/api/users', headers: await as(admin) })).json() as { users: User[] };
      expect(list.users.find((u) => u.id === operator.id)?.isSuperUser).toBe(true);
      expect(list.users.find((u) => u.id === admin)?.isSuperUser).toBe(false);
    });

    it("an organisation's administrator cannot remove, disable, take roles from or change the details of a super user", async () => {
      const operator = await newOperator();
      const before = await snapshot(operator.id);
      expectProtected(await t.app.inject({ method: 'DELETE', url: `/api/users/${operator.id}`, headers: await as(admin) }), 'remove');
      expectProtected(await save(admin, operator, { isEnabled: false }), 'disable');
      // the Administrator role, or any other role they hold here
      expectProtected(await put(admin, `/api/users/${operator.id}/roles`, { roleIds: [roleScout] }), 'take Administrator');
      expectProtected(await put(admin, `/api/users/${operator.id}/roles`, { roleIds: [roleAdmin] }), 'take Scout');
      expectProtected(await save(admin, operator, { roleIds: [roleScout] }), 'take Administrator in the save');
      // their details, lockout and password are theirs too
      for (const changes of [{ email: 'operator-takeover@example.test' }, { fullName: 'Renamed' }, { userName: unique('renamed-operator') }]) {
        expectProtected(await save(admin, operator, changes), JSON.stringify(changes));
      }
      expectProtected(await t.app.inject({ method: 'POST', url: `/api/users/${operator.id}/unblock`, headers: await as(admin) }), 'unblock');
      expectProtected(await t.app.inject({ method: 'POST', url: `/api/users/${operator.id}/password-reset`, headers: await as(admin) }), 'reset');
      expect(await snapshot(operator.id)).toEqual(before);
    });

    it('the administrator may still give them roles, farms and packhouses here', async () => {
      const operator = await newOperator();
      const res = await save(admin, operator, { roleIds: [roleAdmin, roleScout, roleViewer], farmIds: [farmA1], packhouseIds: [packhouseOwned] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ roles: ['Administrator', 'Scout', 'Viewer'], farms: [farmA1], packhouses: [packhouseOwned] });
    });

    it('another super user may remove, disable and take roles from them; they change their own details', async () => {
      const operator = await newOperator();
      const self = await save(operator.id, operator, { jobTitle: 'Platform operator' });
      expect(self.statusCode, self.body).toBe(200);
      const taken = await put(superAdmin, `/api/users/${operator.id}/roles`, { roleIds: [roleScout] });
      expect(taken.statusCode, taken.body).toBe(200);
      const disabled = await save(superAdmin, taken.json() as User, { isEnabled: false });
      expect(disabled.statusCode, disabled.body).toBe(200);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${operator.id}`, headers: await as(superAdmin) });
      expect(removed.statusCode, removed.body).toBe(204);
    });
  });

  describe('delete', () => {
    it('refuses to delete yourself with 400 and a clear message', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${admin}`, headers: await as(admin) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(USER_MESSAGES.cannotDeleteSelf);
      expect((await getUser(admin)).id).toBe(admin);
    });

    it('deletes a user who belongs only to this organisation', async () => {
      const target = await newMember([roleScout]);
      await t.db.insert(userFarms).values({ userId: target.id, farmId: farmA1, organizationId: orgA });
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers: await as(admin) });
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(users).where(eq(users.id, target.id))).toEqual([]);
    });

    it("removes only this organisation's membership, roles, farms and packhouses of a shared user", async () => {
      const target = await newMember([roleScout], { lastOrganizationId: orgA });
      await t.db.insert(userFarms).values({ userId: target.id, farmId: farmA1, organizationId: orgA });
      await t.db.insert(userPackhouses).values({ userId: target.id, packhouseId: packhouseOwned, organizationId: orgA });
      await addMember(t.db, target.id, orgB, [roleB]);
      await t.db.insert(userFarms).values({ userId: target.id, farmId: farmB, organizationId: orgB });
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers: await as(admin) });
      expect(res.statusCode).toBe(204);
      const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
      expect(row).toBeDefined();
      expect(row!.lastOrganizationId).toBeNull();
      const member = await t.db.select().from(memberships).where(eq(memberships.userId, target.id));
      expect(member.map((m) => m.organizationId)).toEqual([orgB]);
      expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, target.id))).map((r) => r.roleId)).toEqual([roleB]);
      expect((await t.db.select().from(userFarms).where(eq(userFarms.userId, target.id))).map((r) => r.farmId)).toEqual([farmB]);
      expect(await t.db.select().from(userPackhouses).where(eq(userPackhouses.userId, target.id))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/users/${target.id}`, headers: await as(admin) })).statusCode).toBe(404);
    });

    it('needs users.manage, and answers 404 for non-members', async () => {
      const target = await newMember([roleScout]);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers: await as(viewer) })).statusCode).toBe(403);
      const outsider = await createUser(t.db, unique('outsider'));
      await addMember(t.db, outsider.id, orgB);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${outsider.id}`, headers: await as(admin) })).statusCode).toBe(404);
      expect(await t.db.select().from(memberships).where(and(eq(memberships.userId, outsider.id), eq(memberships.organizationId, orgB)))).toHaveLength(1);
    });
  });

  describe('unblock', () => {
    it('lifts a lockout (no end, no failures) so the user can sign in again', async () => {
      const target = await newMember([roleScout], { lockoutEnd: new Date(Date.now() + 3_600_000), failedLoginCount: 3 });
      await expect(signIn(t.app, target.userName, FIXTURE_PASSWORD, { remoteAddress: '10.1.0.2' })).rejects.toThrow();
      expect((await getUser(target.id)).isLockedOut).toBe(true);
      const denied = await t.app.inject({ method: 'POST', url: `/api/users/${target.id}/unblock`, headers: await as(viewer) });
      expect(denied.statusCode).toBe(403);
      const res = await t.app.inject({ method: 'POST', url: `/api/users/${target.id}/unblock`, headers: await as(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.json().isLockedOut).toBe(false);
      const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
      expect(row!.lockoutEnd).toBeNull();
      expect(row!.failedLoginCount).toBe(0);
      await signIn(t.app, target.userName, FIXTURE_PASSWORD, { remoteAddress: '10.1.0.3' });
    });
  });

  describe('link an existing system user', () => {
    it('suggests system users by user name or email (case-insensitive), excluding members, at most 20, id/userName/email only', async () => {
      const tag = unique('zebra');
      const byName = await createUser(t.db, `${tag}-name`, { email: 'someone@example.test' });
      const byEmail = await createUser(t.db, unique('plainname'), { email: `${tag.toUpperCase()}@Example.test` });
      const member = await newMember([], {});
      await t.db.update(users).set({ email: `${tag}-member@example.test` }).where(eq(users.id, member.id));
      const res = await t.app.inject({ method: 'GET', url: `/api/users/system-users?query=${tag.toUpperCase()}`, headers: await as(superAdmin) });
      expect(res.statusCode).toBe(200);
      const result = res.json().result as { id: number }[];
      expect(result.map((r) => r.id).sort()).toEqual([byName.id, byEmail.id].sort());
      expect(Object.keys(result[0]!).sort()).toEqual(['email', 'id', 'userName']);

      const many = unique('crowd');
      for (let i = 0; i < 25; i++) await createUser(t.db, `${many}-${i}`);
      const capped = await t.app.inject({ method: 'GET', url: `/api/users/system-users?query=${many}`, headers: await as(superAdmin) });
      expect(capped.json().result).toHaveLength(20);

      const wildcard = await t.app.inject({ method: 'GET', url: '/api/users/system-users?query=%25', headers: await as(superAdmin) });
      expect(wildcard.json().result).toEqual([]);
    });

    it('needs at least 1 character and at most 200, and users.linkOrganisation', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/system-users?query=', headers: await as(superAdmin) })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/system-users', headers: await as(superAdmin) })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `/api/users/system-users?query=${'q'.repeat(201)}`, headers: await as(superAdmin) })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/system-users?query=a', headers: await as(superAdmin) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/system-users?query=a', headers: await as(manager) })).statusCode).toBe(403);
    });

    it('only super users search and link users of other organisations, and still need users.linkOrganisation', async () => {
      const elsewhere = await createUser(t.db, unique('not-for-admins'));
      await addMember(t.db, elsewhere.id, orgB, [roleB]);
      const search = await t.app.inject({ method: 'GET', url: `/api/users/system-users?query=${elsewhere.userName}`, headers: await as(admin) });
      expect(search.statusCode).toBe(403);
      expect(search.json().error).toEqual({ code: 'FORBIDDEN', message: USER_MESSAGES.superUserOnly, reason: 'super-user-only' });
      expect(search.body).not.toContain(elsewhere.email);
      const link = await t.app.inject({ method: 'POST', url: `/api/users/${elsewhere.id}/link`, headers: await as(admin) });
      expect(link.statusCode).toBe(403);
      expect(link.json().error.message).toBe(USER_MESSAGES.superUserOnly);
      expect(await t.db.select().from(memberships).where(eq(memberships.userId, elsewhere.id))).toHaveLength(1);
      // a super user without users.linkOrganisation in this organisation
      const superViewer = await newMember([roleViewer], { isSuperUser: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/users/system-users?query=a', headers: await as(superViewer.id) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/users/${elsewhere.id}/link`, headers: await as(superViewer.id) })).statusCode).toBe(403);
    });

    it('links a user of another organisation (the confirm path), then excludes them from suggestions; twice is 409', async () => {
      const elsewhere = await createUser(t.db, unique('elsewhere'));
      await addMember(t.db, elsewhere.id, orgB, [roleB]);
      const suggest = async () =>
        (await t.app.inject({ method: 'GET', url: `/api/users/system-users?query=${elsewhere.userName}`, headers: await as(superAdmin) })).json().result;
      expect(await suggest()).toEqual([{ id: elsewhere.id, userName: elsewhere.userName, email: elsewhere.email }]);
      const res = await t.app.inject({ method: 'POST', url: `/api/users/${elsewhere.id}/link`, headers: await as(superAdmin) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: elsewhere.id, roles: [], farms: [] });
      expect(await suggest()).toEqual([]);
      const again = await t.app.inject({ method: 'POST', url: `/api/users/${elsewhere.id}/link`, headers: await as(superAdmin) });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(USER_MESSAGES.alreadyMember);
      // still a member of B with B's role
      expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, elsewhere.id))).map((r) => r.roleId)).toEqual([roleB]);
      expect((await t.app.inject({ method: 'POST', url: '/api/users/999999/link', headers: await as(superAdmin) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/users/${elsewhere.id}/link`, headers: await as(manager) })).statusCode).toBe(403);
    });
  });
});
