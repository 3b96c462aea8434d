/**
 * The privilege matrix (docs/quality.md, Tests; docs/security.md, Boundaries) over every users and roles route, driven from the route
 * inventory: a new users or roles route without a case here fails the first test.
 *
 * For each route, five questions, each answered by a check or by the reason it does not apply:
 * - above the caller: a caller lacking a permission the target user or role holds in the
 *   organisation gets 403 and the target is unchanged in the database (also a super user: inside
 *   an organisation they are bounded by their permissions there);
 * - across organisations: the identity of a user who also belongs to another organisation changes
 *   only by themselves or a super user, the administrator manages this organisation's side of
 *   them, and only super users search and link users of other organisations;
 * - the last full member: no change leaves the organisation without an enabled member holding
 *   every permission (409), also when two such changes race (run on PostgreSQL with
 *   TEST_DATABASE_URL, where the requests really run side by side);
 * - farms: a caller who is not a super user adds or removes only farms assigned to themselves, for
 *   anyone, themselves included (403 naming the farm, the target unchanged), and keeps the target's
 *   other farms; a super user assigns any farm of the organisation;
 * - super users: an organisation's users (not super users) neither remove a super user from the
 *   organisation, disable them, take a role from them nor change their details (403, the super
 *   user unchanged); another super user may.
 * The organisations list joins them: it reads every organisation, so only super users may call it;
 * and so does opening an organisation of it, which makes a super user a member.
 */
import { ATTENTION_PATHS } from '@orchard/shared/attention';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '@orchard/shared/core';
import { ORGANIZATION_ONBOARDING_PATHS, ORGANIZATIONS_PATHS, type OrganizationsResponse } from '@orchard/shared/organizations';
import { ROLE_MESSAGES } from '@orchard/shared/roles';
import { USER_MESSAGES } from '@orchard/shared/users';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  areas,
  attentionDecisions,
  blobs,
  farms,
  legalEntities,
  mailOutbox,
  memberships,
  organizations,
  packhouseCapacities,
  packhouses,
  passwordResetTokens,
  pickingEstimates,
  pickingEstimateWeeks,
  productionBlocks,
  provinces,
  pucs,
  refreshTokens,
  regions,
  rolePermissions,
  roles,
  userFarms,
  userPackhouses,
  userRoles,
  users,
  varieties,
  yieldEstimates,
} from '../src/db/schema/index';
import { countFullMembers } from '../src/modules/roles/roles.repository';
import { createTestApp, type TestApp } from './helpers/app';
import { addMember, assignFarms, createOrganization, createRole, createUser } from './helpers/fixtures';

/** The routes this matrix answers for. */
const isUsersOrRolesRoute = (url: string) => /^\/api\/(users|roles|password-resets)(\/|$)/.test(url);
/** ...and the organisations list, which reads across organisations, and opening one of them. */
const isMatrixRoute = (method: string, url: string) =>
  isUsersOrRolesRoute(url) || (method === 'GET' && url === ORGANIZATIONS_PATHS.list) || (method === 'POST' && url === ORGANIZATIONS_PATHS.open);

/** A 1x1 PNG: a real image, so an upload that is allowed goes through. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'privilege-matrix-boundary';
const AVATAR_BODY = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/** Everything of users and roles a limited manager may hold, and nothing else. */
const USERS_AND_ROLES: readonly Permission[] = ALL_PERMISSIONS.filter((p) => p.startsWith('users.') || p.startsWith('roles.'));

let t: TestApp;
let orgA: number;
let orgB: number;
let roleAll: number;
let roleLimited: number;
/** carries harvest.reports, which the limited callers lack */
let rolePowerful: number;
/** users.view only: within everyone's reach */
let roleWeak: number;
let roleB: number;
let farmA: number;
/** assigned to the administrator only */
let farmA2: number;
let packhouseA: number;
/** every permission in A, not a super user */
let admin: number;
/** every permission in A, and a super user */
let superUser: number;
/** every users and roles permission in A, nothing else */
let limited: number;
/** as limited, and a super user: bounded by the same permissions inside A */
let limitedSuper: number;
/** as limited, and assigned farmA (not farmA2) */
let farmHand: number;
let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}`;

interface Target {
  id: number;
  userName: string;
  email: string;
}

/** A member of A with the roles, optionally also of B, optionally locked out. */
async function newTarget(roleIds: number[], options: { shared?: boolean; locked?: boolean } = {}): Promise<Target> {
  const user = await createUser(t.db, unique('target'), {
    ...(options.locked ? { lockoutEnd: new Date(Date.now() + 3_600_000), failedLoginCount: 5 } : {}),
  });
  await addMember(t.db, user.id, orgA, roleIds);
  if (options.shared) await addMember(t.db, user.id, orgB, [roleB]);
  return { id: user.id, userName: user.userName, email: user.email };
}

/** Everything a request could change about a user, as stored. */
async function userSnapshot(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return {
    row: row ?? null,
    memberships: (await t.db.select().from(memberships).where(eq(memberships.userId, userId)).orderBy(asc(memberships.organizationId))).map(
      (m) => m.organizationId,
    ),
    roles: (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.roleId))).map((r) => r.roleId),
    farms: (await t.db.select().from(userFarms).where(eq(userFarms.userId, userId))).map((r) => r.farmId),
    packhouses: (await t.db.select().from(userPackhouses).where(eq(userPackhouses.userId, userId))).map((r) => r.packhouseId),
    resetTokens: (await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))).length,
    mails: row ? (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, row.email))).length : 0,
    avatars: (await t.db.select().from(blobs).where(eq(blobs.ownerUserId, userId))).length,
    revokedSessions: (await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId))).filter((r) => r.revokedAt).length,
  };
}

/** A role as stored: its row, its permissions and who holds it. */
async function roleSnapshot(roleId: number) {
  const [row] = await t.db.select().from(roles).where(eq(roles.id, roleId));
  return {
    row: row ?? null,
    permissions: (await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((p) => p.permission).sort(),
    holders: (await t.db.select().from(userRoles).where(eq(userRoles.roleId, roleId))).map((r) => r.userId).sort(),
  };
}

async function call(
  callerId: number,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  organizationId = orgA,
): Promise<LightMyRequestResponse> {
  const multipart = url.endsWith('/avatar');
  return t.app.inject({
    method,
    url,
    headers: {
      ...(await t.headersFor(callerId, organizationId)),
      ...(multipart ? { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } : {}),
    },
    ...(multipart ? { payload: AVATAR_BODY } : payload === undefined ? {} : { payload: payload as object }),
  });
}

function expectRefused(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) expect(res.json().error.message).toBe(message);
}

/** The save body of a user as read, with changes. */
async function saveBody(userId: number, changes: Record<string, unknown>) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return { version: row!.version, userName: row!.userName, email: row!.email, ...changes };
}

/** An organisation whose only member holding every permission is `boss`; `some` is a lesser role. */
async function soloOrganization() {
  const org = (await createOrganization(t.db, unique('Solo org'))).id;
  const all = (await createRole(t.db, org, 'All', ALL_PERMISSIONS)).id;
  const some = (await createRole(t.db, org, 'Some', USERS_AND_ROLES)).id;
  const boss = (await createUser(t.db, unique('boss'))).id;
  await addMember(t.db, boss, org, [all]);
  return { org, all, some, boss };
}

/** Two members holding every permission (through roles of their own), nobody else. */
async function pairOrganization() {
  const org = (await createOrganization(t.db, unique('Pair org'))).id;
  const all1 = (await createRole(t.db, org, 'All one', ALL_PERMISSIONS)).id;
  const all2 = (await createRole(t.db, org, 'All two', ALL_PERMISSIONS)).id;
  const some = (await createRole(t.db, org, 'Some', USERS_AND_ROLES)).id;
  const one = (await createUser(t.db, unique('one'))).id;
  const two = (await createUser(t.db, unique('two'))).id;
  await addMember(t.db, one, org, [all1]);
  await addMember(t.db, two, org, [all2]);
  return { org, all1, all2, some, one, two };
}

const fullMembers = async (org: number) => (await countFullMembers(t.db, [org], ALL_PERMISSIONS)).get(org) ?? 0;

/** Races two changes; exactly one may win, and the organisation keeps a member holding everything. */
async function race(org: number, requests: [() => Promise<LightMyRequestResponse>, () => Promise<LightMyRequestResponse>], winner: number) {
  const results = await Promise.all(requests.map((r) => r()));
  const statuses = results.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === winner), JSON.stringify(results.map((r) => r.body))).toHaveLength(1);
  for (const loser of results.filter((r) => r.statusCode !== winner)) expect([401, 403, 404, 409]).toContain(loser.statusCode);
  expect(await fullMembers(org)).toBeGreaterThanOrEqual(1);
}

type Check = () => Promise<void>;
/** a check, or why the question does not apply to the route */
type Answer = Check | string;
interface RouteCase {
  aboveCaller: Answer;
  acrossOrganisations: Answer;
  lastFullMember: Answer;
  farms: Answer;
  superUsers: Answer;
}

const READ = 'a read: it changes nobody and nothing';
const PUBLIC_TOKEN = 'public, acting only with a mailed one-time link that the account owner holds';
const ONE_ORGANISATION = 'acts inside the organisation only (roles, farms and packhouses belong to one organisation)';
const ADDS_ONLY = 'only adds: nobody loses a permission';
const NO_FARM = 'assigns and removes no farm';
const ROLES_NO_FARM = 'a role carries permissions, never farms';
const ROLES_NOT_HOLDERS = "changes or deletes a role, not who holds it; what it carries is bounded by the caller's own permissions (above)";

/** Users of A acted on above the caller: both limited callers get 403, the target stays as it was. */
async function refusedAboveCaller(targetId: number, request: (callerId: number) => Promise<LightMyRequestResponse>) {
  const before = await userSnapshot(targetId);
  for (const caller of [limited, limitedSuper]) expectRefused(await request(caller), 403, USER_MESSAGES.userAboveCaller);
  expect(await userSnapshot(targetId)).toEqual(before);
}

/** A's role acted on above the caller: both limited callers get 403, the role stays as it was. */
async function refusedRoleAboveCaller(roleId: number, request: (callerId: number) => Promise<LightMyRequestResponse>, message: string) {
  const before = await roleSnapshot(roleId);
  for (const caller of [limited, limitedSuper]) expectRefused(await request(caller), 403, message);
  expect(await roleSnapshot(roleId)).toEqual(before);
}

/** A shared user's identity: the organisation's administrator 403 and unchanged; a super user succeeds. */
async function identityOnlyBySuperUser(
  request: (callerId: number, target: Target) => Promise<LightMyRequestResponse>,
  allowedStatus: number,
  options: { locked?: boolean } = {},
) {
  const target = await newTarget([roleWeak], { shared: true, ...options });
  const before = await userSnapshot(target.id);
  expectRefused(await request(admin, target), 403, USER_MESSAGES.sharedUserProfile);
  expect(await userSnapshot(target.id)).toEqual(before);
  const bySuper = await request(superUser, target);
  expect(bySuper.statusCode, bySuper.body).toBe(allowedStatus);
  // a user of this organisation only: the administrator manages the identity
  const local = await newTarget([roleWeak], options);
  const byAdmin = await request(admin, local);
  expect(byAdmin.statusCode, byAdmin.body).toBe(allowedStatus);
}

/** The organisation's side of a shared user: the administrator manages it. */
async function sideOfSharedUser(request: (target: Target) => Promise<LightMyRequestResponse>) {
  const target = await newTarget([roleWeak], { shared: true });
  const res = await request(target);
  expect(res.statusCode, res.body).toBe(200);
  // B's side is untouched
  expect((await t.db.select().from(userRoles).where(and(eq(userRoles.userId, target.id), eq(userRoles.organizationId, orgB)))).map((r) => r.roleId)).toEqual([roleB]);
}

/**
 * A change of a user's farms through `put`: farmHand (farmA only) neither widens their own farms nor
 * gives or takes farmA2 (403 naming it, the user unchanged), but adds farmA keeping the user's
 * farmA2; a super user with the same roles and no farm assigns any farm, to themselves too.
 */
async function farmsOnlyTheCallers(put: (callerId: number, userId: number, farmIds: number[]) => Promise<LightMyRequestResponse>) {
  const notTheirs = USER_MESSAGES.farmNotAssignable('Privilege Farm Two');
  const own = await userSnapshot(farmHand);
  expectRefused(await put(farmHand, farmHand, [farmA, farmA2]), 403, notTheirs);
  expect(await userSnapshot(farmHand)).toEqual(own);
  const target = await newTarget([roleWeak]);
  await assignFarms(t.db, target.id, orgA, [farmA2]);
  const before = await userSnapshot(target.id);
  expectRefused(await put(farmHand, target.id, []), 403, notTheirs);
  expectRefused(await put(farmHand, target.id, [farmA]), 403, notTheirs);
  expect(await userSnapshot(target.id)).toEqual(before);
  const added = await put(farmHand, target.id, [farmA, farmA2]);
  expect(added.statusCode, added.body).toBe(200);
  expect((await userSnapshot(target.id)).farms.sort((a, b) => a - b)).toEqual([farmA, farmA2].sort((a, b) => a - b));
  const bySuper = await put(limitedSuper, target.id, []);
  expect(bySuper.statusCode, bySuper.body).toBe(200);
  expect((await userSnapshot(target.id)).farms).toEqual([]);
  const superSelf = await put(limitedSuper, limitedSuper, [farmA2]);
  expect(superSelf.statusCode, superSelf.body).toBe(200);
  expect((await userSnapshot(limitedSuper)).farms).toEqual([farmA2]);
  expect((await put(limitedSuper, limitedSuper, [])).statusCode).toBe(200);
}

/** A super user of A only (a platform operator), holding Administrator and Viewer there, locked out. */
async function newOperator(): Promise<Target> {
  const user = await createUser(t.db, unique('operator'), { isSuperUser: true, lockoutEnd: new Date(Date.now() + 3_600_000), failedLoginCount: 5 });
  await addMember(t.db, user.id, orgA, [roleAll, roleWeak]);
  return { id: user.id, userName: user.userName, email: user.email };
}

/**
 * `request` on a super user: A's Administrator (every permission, no super user) gets 403 and the
 * super user is unchanged; another super user gets `allowedStatus`.
 */
async function onlyBySuperUsers(request: (callerId: number, operator: Target) => Promise<LightMyRequestResponse>, allowedStatus: number) {
  const operator = await newOperator();
  const before = await userSnapshot(operator.id);
  expectRefused(await request(admin, operator), 403, USER_MESSAGES.superUserProtected);
  expect(await userSnapshot(operator.id)).toEqual(before);
  const bySuper = await request(superUser, operator);
  expect(bySuper.statusCode, bySuper.body).toBe(allowedStatus);
}

const CASES: Record<string, RouteCase> = {
  'GET /api/users': { aboveCaller: READ, acrossOrganisations: READ, lastFullMember: READ, farms: READ, superUsers: READ },
  'GET /api/users/:id': { aboveCaller: READ, acrossOrganisations: READ, lastFullMember: READ, farms: READ, superUsers: READ },
  'GET /api/users/farm-options': {
    aboveCaller: READ,
    acrossOrganisations: READ,
    lastFullMember: READ,
    farms: async () => {
      const options = async (caller: number) => ((await call(caller, 'GET', '/api/users/farm-options')).json() as { id: number }[]).map((f) => f.id);
      // the farms the caller may assign: their own; a super user's, every farm of the organisation
      expect(await options(farmHand)).toEqual([farmA]);
      expect(await options(limited)).toEqual([]);
      expect((await options(limitedSuper)).sort((a, b) => a - b)).toEqual([farmA, farmA2].sort((a, b) => a - b));
    },
    superUsers: READ,
  },
  'GET /api/users/packhouse-options': { aboveCaller: READ, acrossOrganisations: READ, lastFullMember: READ, farms: READ, superUsers: READ },
  'POST /api/users/legal-entity-report': { aboveCaller: READ, acrossOrganisations: READ, lastFullMember: READ, farms: READ, superUsers: READ },
  'GET /api/roles': { aboveCaller: READ, acrossOrganisations: READ, lastFullMember: READ, farms: READ, superUsers: READ },
  'GET /api/roles/:id': { aboveCaller: READ, acrossOrganisations: READ, lastFullMember: READ, farms: READ, superUsers: READ },
  'GET /api/password-resets/:token': { aboveCaller: PUBLIC_TOKEN, acrossOrganisations: PUBLIC_TOKEN, lastFullMember: PUBLIC_TOKEN, farms: PUBLIC_TOKEN, superUsers: PUBLIC_TOKEN },
  'POST /api/password-resets': { aboveCaller: PUBLIC_TOKEN, acrossOrganisations: PUBLIC_TOKEN, lastFullMember: PUBLIC_TOKEN, farms: PUBLIC_TOKEN, superUsers: PUBLIC_TOKEN },

  'POST /api/users': {
    aboveCaller: async () => {
      for (const caller of [limited, limitedSuper]) {
        const userName = unique('created');
        const res = await call(caller, 'POST', '/api/users', { userName, email: `${userName}@example.test`, password: 'secret1', roleIds: [rolePowerful] });
        expectRefused(res, 403);
        expect(await t.db.select().from(users).where(eq(users.userName, userName))).toEqual([]);
      }
    },
    acrossOrganisations: 'creates a user of this organisation only',
    lastFullMember: ADDS_ONLY,
    farms: async () => {
      const create = (caller: number, farmIds: number[]) => {
        const userName = unique('farmed');
        return { userName, res: call(caller, 'POST', '/api/users', { userName, email: `${userName}@example.test`, password: 'secret1', roleIds: [roleWeak], farmIds }) };
      };
      for (const farmIds of [[farmA2], [farmA, farmA2]]) {
        const { userName, res } = create(farmHand, farmIds);
        expectRefused(await res, 403, USER_MESSAGES.farmNotAssignable('Privilege Farm Two'));
        expect(await t.db.select().from(users).where(eq(users.userName, userName))).toEqual([]);
      }
      for (const [caller, farmIds] of [[farmHand, [farmA]], [limitedSuper, [farmA2]]] as const) {
        const created = await create(caller, [...farmIds]).res;
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().farms).toEqual(farmIds);
      }
    },
    superUsers: 'creates a user who is no super user (a property of the account, not of the organisation)',
  },

  'PUT /api/users/:id': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful]);
      await refusedAboveCaller(target.id, async (caller) => call(caller, 'PUT', `/api/users/${target.id}`, await saveBody(target.id, { jobTitle: 'Demoted' })));
      await refusedAboveCaller(target.id, async (caller) => call(caller, 'PUT', `/api/users/${target.id}`, await saveBody(target.id, { isEnabled: false })));
      await refusedAboveCaller(target.id, async (caller) => call(caller, 'PUT', `/api/users/${target.id}`, await saveBody(target.id, { farmIds: [farmA] })));
      // giving a role that carries a permission the caller lacks
      const weak = await newTarget([roleWeak]);
      const before = await userSnapshot(weak.id);
      for (const caller of [limited, limitedSuper]) {
        expectRefused(await call(caller, 'PUT', `/api/users/${weak.id}`, await saveBody(weak.id, { roleIds: [roleWeak, rolePowerful] })), 403);
      }
      expect(await userSnapshot(weak.id)).toEqual(before);
    },
    acrossOrganisations: async () => {
      for (const changes of [
        () => ({ fullName: 'Renamed' }),
        // an e-mail names one account only: a new one per save
        () => ({ email: `${unique('taken-over')}@example.test` }),
        () => ({ jobTitle: 'Foreman' }),
        () => ({ phoneNumber: '000' }),
        () => ({ isEnabled: false }),
      ]) {
        await identityOnlyBySuperUser(async (caller, target) => call(caller, 'PUT', `/api/users/${target.id}`, await saveBody(target.id, changes())), 200);
      }
      await identityOnlyBySuperUser(
        async (caller, target) => call(caller, 'PUT', `/api/users/${target.id}`, await saveBody(target.id, { userName: unique('renamed') })),
        200,
      );
      await sideOfSharedUser(async (target) =>
        call(admin, 'PUT', `/api/users/${target.id}`, await saveBody(target.id, { roleIds: [roleWeak, roleLimited], farmIds: [farmA2], packhouseIds: [packhouseA] })),
      );
    },
    farms: async () => {
      await farmsOnlyTheCallers(async (caller, userId, farmIds) => call(caller, 'PUT', `/api/users/${userId}`, await saveBody(userId, { farmIds })));
    },
    superUsers: async () => {
      for (const changes of [
        () => ({ isEnabled: false }),
        // taking the Administrator role, or any other
        () => ({ roleIds: [roleWeak] }),
        () => ({ roleIds: [roleAll] }),
        () => ({ email: `${unique('operator-takeover')}@example.test` }),
        () => ({ fullName: 'Renamed' }),
      ]) {
        await onlyBySuperUsers(async (caller, operator) => call(caller, 'PUT', `/api/users/${operator.id}`, await saveBody(operator.id, changes())), 200);
      }
      // giving them a role, a farm or a packhouse here is the administrator's
      const operator = await newOperator();
      const given = await call(admin, 'PUT', `/api/users/${operator.id}`, await saveBody(operator.id, { roleIds: [roleAll, roleWeak, roleLimited], farmIds: [farmA2], packhouseIds: [packhouseA] }));
      expect(given.statusCode, given.body).toBe(200);
    },
    lastFullMember: async () => {
      const solo = await soloOrganization();
      const me = await call(solo.boss, 'GET', `/api/users/${solo.boss}`, undefined, solo.org);
      const body = { version: me.json().version, userName: me.json().userName, email: me.json().email, roleIds: [solo.some] };
      expectRefused(await call(solo.boss, 'PUT', `/api/users/${solo.boss}`, body, solo.org), 409, USER_MESSAGES.lastFullMember);
      expect(await fullMembers(solo.org)).toBe(1);
      // disabling a shared user who is the only one in their other organisation (a super user's act)
      const other = await soloOrganization();
      await addMember(t.db, other.boss, orgA, [roleWeak]);
      const before = await userSnapshot(other.boss);
      expectRefused(await call(superUser, 'PUT', `/api/users/${other.boss}`, await saveBody(other.boss, { isEnabled: false })), 409, USER_MESSAGES.lastFullMember);
      expect(await userSnapshot(other.boss)).toEqual(before);
      // two members holding everything disabling each other at the same moment
      const pair = await pairOrganization();
      await race(
        pair.org,
        [
          async () => call(pair.one, 'PUT', `/api/users/${pair.two}`, await saveBody(pair.two, { isEnabled: false }), pair.org),
          async () => call(pair.two, 'PUT', `/api/users/${pair.one}`, await saveBody(pair.one, { isEnabled: false }), pair.org),
        ],
        200,
      );
    },
  },

  'DELETE /api/users/:id': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful]);
      await refusedAboveCaller(target.id, (caller) => call(caller, 'DELETE', `/api/users/${target.id}`));
    },
    acrossOrganisations: async () => {
      // removing a shared user is removing this organisation's membership only
      const target = await newTarget([roleWeak], { shared: true });
      const [account] = await t.db.select().from(users).where(eq(users.id, target.id));
      const res = await call(admin, 'DELETE', `/api/users/${target.id}`);
      expect(res.statusCode, res.body).toBe(204);
      const after = await userSnapshot(target.id);
      expect(after.row).toEqual(account);
      expect(after.memberships).toEqual([orgB]);
      expect(after.roles).toEqual([roleB]);
    },
    lastFullMember: async () => {
      // a single removal cannot take the last one (the caller holds everything and cannot remove
      // themselves); two removing each other at the same moment must not both succeed
      const pair = await pairOrganization();
      await race(pair.org, [() => call(pair.one, 'DELETE', `/api/users/${pair.two}`, undefined, pair.org), () => call(pair.two, 'DELETE', `/api/users/${pair.one}`, undefined, pair.org)], 204);
    },
    farms: "removes the membership and with it every farm here: users.manage and the rules above decide, not the caller's farms",
    superUsers: async () => {
      await onlyBySuperUsers((caller, operator) => call(caller, 'DELETE', `/api/users/${operator.id}`), 204);
    },
  },

  'POST /api/users/:id/unblock': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful], { locked: true });
      await refusedAboveCaller(target.id, (caller) => call(caller, 'POST', `/api/users/${target.id}/unblock`));
    },
    acrossOrganisations: async () => {
      await identityOnlyBySuperUser((caller, target) => call(caller, 'POST', `/api/users/${target.id}/unblock`), 200, { locked: true });
    },
    lastFullMember: 'a lockout is lifted, nobody loses a permission',
    farms: NO_FARM,
    superUsers: async () => {
      await onlyBySuperUsers((caller, operator) => call(caller, 'POST', `/api/users/${operator.id}/unblock`), 200);
    },
  },

  'POST /api/users/:id/password-reset': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful]);
      await refusedAboveCaller(target.id, (caller) => call(caller, 'POST', `/api/users/${target.id}/password-reset`));
    },
    acrossOrganisations: async () => {
      await identityOnlyBySuperUser((caller, target) => call(caller, 'POST', `/api/users/${target.id}/password-reset`), 200);
    },
    lastFullMember: 'mails a link; nobody loses a permission',
    farms: NO_FARM,
    superUsers: async () => {
      await onlyBySuperUsers((caller, operator) => call(caller, 'POST', `/api/users/${operator.id}/password-reset`), 200);
    },
  },

  'PUT /api/users/:id/avatar': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful]);
      await refusedAboveCaller(target.id, (caller) => call(caller, 'PUT', `/api/users/${target.id}/avatar`));
    },
    acrossOrganisations: async () => {
      await identityOnlyBySuperUser((caller, target) => call(caller, 'PUT', `/api/users/${target.id}/avatar`), 200);
    },
    lastFullMember: 'an image; nobody loses a permission',
    farms: NO_FARM,
    superUsers: async () => {
      await onlyBySuperUsers((caller, operator) => call(caller, 'PUT', `/api/users/${operator.id}/avatar`), 200);
    },
  },

  'GET /api/organizations': {
    aboveCaller: 'a read of organisations, not of a user or role: it changes nobody and nothing',
    acrossOrganisations: async () => {
      const names = (res: LightMyRequestResponse) => res.json<OrganizationsResponse>().organizations.map((o) => o.name);
      // every permission of A (management.organisations too), or only users and roles: no super user, no list
      for (const caller of [admin, limited]) {
        for (const organizationId of [orgA, orgB]) {
          const res = await call(caller, 'GET', ORGANIZATIONS_PATHS.list, undefined, organizationId);
          expectRefused(res, 403);
          expect(res.body).not.toContain('Privilege Org');
        }
      }
      for (const caller of [superUser, limitedSuper]) {
        const res = await call(caller, 'GET', `${ORGANIZATIONS_PATHS.list}?search=Privilege%20Org`);
        expect(res.statusCode, res.body).toBe(200);
        expect(names(res)).toEqual(['Privilege Org A', 'Privilege Org B']);
      }
    },
    lastFullMember: READ,
    farms: READ,
    superUsers: READ,
  },

  'POST /api/organizations/:id/open': {
    aboveCaller: 'makes the caller themselves a member: no one else is acted on',
    acrossOrganisations: async () => {
      const org = (await createOrganization(t.db, unique('Privilege Org to open'))).id;
      const full = (await createRole(t.db, org, 'Administrator', ALL_PERMISSIONS)).id;
      const url = ORGANIZATIONS_PATHS.open.replace(':id', String(org));
      // every permission of A, or only users and roles: no super user, no way in
      for (const caller of [admin, limited]) {
        expectRefused(await call(caller, 'POST', url), 403);
        expectRefused(await call(caller, 'PUT', '/api/me/default-organization', { organizationId: org }), 404);
      }
      expect(await t.db.select().from(memberships).where(eq(memberships.organizationId, org))).toEqual([]);
      const opened = await call(limitedSuper, 'POST', url);
      expect(opened.statusCode, opened.body).toBe(204);
      expect((await t.db.select().from(userRoles).where(eq(userRoles.organizationId, org))).map((r) => [r.userId, r.roleId])).toEqual([[limitedSuper, full]]);
    },
    lastFullMember: ADDS_ONLY,
    farms: 'joins without any farm',
    superUsers: 'only super users open, and nobody loses anything',
  },

  'GET /api/users/system-users': {
    aboveCaller: 'lists people who are not members here: they hold nothing in this organisation',
    acrossOrganisations: async () => {
      const elsewhere = await createUser(t.db, unique('findme'));
      await addMember(t.db, elsewhere.id, orgB, [roleB]);
      for (const caller of [admin, limited]) {
        const res = await call(caller, 'GET', `/api/users/system-users?query=${elsewhere.userName}`);
        expectRefused(res, 403, USER_MESSAGES.superUserOnly);
        expect(res.body).not.toContain(elsewhere.email);
      }
      const found = await call(superUser, 'GET', `/api/users/system-users?query=${elsewhere.userName}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().result).toEqual([{ id: elsewhere.id, userName: elsewhere.userName, email: elsewhere.email }]);
    },
    lastFullMember: READ,
    farms: READ,
    superUsers: READ,
  },

  'POST /api/users/:id/link': {
    aboveCaller: 'the linked user holds nothing in this organisation yet',
    acrossOrganisations: async () => {
      const elsewhere = await createUser(t.db, unique('linkme'));
      await addMember(t.db, elsewhere.id, orgB, [roleB]);
      const before = await userSnapshot(elsewhere.id);
      for (const caller of [admin, limited]) expectRefused(await call(caller, 'POST', `/api/users/${elsewhere.id}/link`), 403, USER_MESSAGES.superUserOnly);
      expect(await userSnapshot(elsewhere.id)).toEqual(before);
      const linked = await call(limitedSuper, 'POST', `/api/users/${elsewhere.id}/link`);
      expect(linked.statusCode, linked.body).toBe(200);
      expect((await userSnapshot(elsewhere.id)).memberships).toEqual([orgA, orgB].sort((a, b) => a - b));
    },
    lastFullMember: ADDS_ONLY,
    farms: 'links the user without any farm here',
    superUsers: 'only super users link, and a linked user loses nothing',
  },

  'PUT /api/users/:id/roles': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful]);
      await refusedAboveCaller(target.id, (caller) => call(caller, 'PUT', `/api/users/${target.id}/roles`, { roleIds: [roleWeak] }));
      const weak = await newTarget([roleWeak]);
      const before = await userSnapshot(weak.id);
      for (const caller of [limited, limitedSuper]) {
        expectRefused(await call(caller, 'PUT', `/api/users/${weak.id}/roles`, { roleIds: [rolePowerful] }), 403);
      }
      expect(await userSnapshot(weak.id)).toEqual(before);
    },
    acrossOrganisations: async () => {
      await sideOfSharedUser((target) => call(admin, 'PUT', `/api/users/${target.id}/roles`, { roleIds: [roleLimited] }));
    },
    lastFullMember: async () => {
      const solo = await soloOrganization();
      const before = await userSnapshot(solo.boss);
      expectRefused(await call(solo.boss, 'PUT', `/api/users/${solo.boss}/roles`, { roleIds: [solo.some] }, solo.org), 409, USER_MESSAGES.lastFullMember);
      expect(await userSnapshot(solo.boss)).toEqual(before);
      const pair = await pairOrganization();
      await race(
        pair.org,
        [
          () => call(pair.one, 'PUT', `/api/users/${pair.two}/roles`, { roleIds: [pair.some] }, pair.org),
          () => call(pair.two, 'PUT', `/api/users/${pair.one}/roles`, { roleIds: [pair.some] }, pair.org),
        ],
        200,
      );
    },
    farms: NO_FARM,
    superUsers: async () => {
      await onlyBySuperUsers((caller, operator) => call(caller, 'PUT', `/api/users/${operator.id}/roles`, { roleIds: [roleWeak] }), 200);
      await onlyBySuperUsers((caller, operator) => call(caller, 'PUT', `/api/users/${operator.id}/roles`, { roleIds: [roleAll] }), 200);
      const operator = await newOperator();
      const given = await call(admin, 'PUT', `/api/users/${operator.id}/roles`, { roleIds: [roleAll, roleWeak, roleLimited] });
      expect(given.statusCode, given.body).toBe(200);
    },
  },

  'PUT /api/users/:id/farms': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful]);
      await refusedAboveCaller(target.id, (caller) => call(caller, 'PUT', `/api/users/${target.id}/farms`, { farmIds: [farmA] }));
    },
    acrossOrganisations: async () => {
      await sideOfSharedUser((target) => call(admin, 'PUT', `/api/users/${target.id}/farms`, { farmIds: [farmA2] }));
    },
    lastFullMember: 'farms carry no permission',
    farms: async () => {
      await farmsOnlyTheCallers((caller, userId, farmIds) => call(caller, 'PUT', `/api/users/${userId}/farms`, { farmIds }));
    },
    superUsers: "farms are the organisation's side of a super user too (within the caller's own); a super user assigns themselves any farm again",
  },

  'PUT /api/users/:id/packhouses': {
    aboveCaller: async () => {
      const target = await newTarget([rolePowerful]);
      await refusedAboveCaller(target.id, (caller) => call(caller, 'PUT', `/api/users/${target.id}/packhouses`, { packhouseIds: [packhouseA] }));
    },
    acrossOrganisations: async () => {
      await sideOfSharedUser((target) => call(admin, 'PUT', `/api/users/${target.id}/packhouses`, { packhouseIds: [packhouseA] }));
    },
    lastFullMember: 'packhouses carry no permission',
    farms: NO_FARM,
    superUsers: "packhouses are the organisation's side of a super user too, and carry no permission",
  },

  'POST /api/roles': {
    aboveCaller: async () => {
      for (const caller of [limited, limitedSuper]) {
        const name = unique('Escalated');
        expectRefused(await call(caller, 'POST', '/api/roles', { name, permissions: [PERMISSIONS.usersView, PERMISSIONS.harvestReports] }), 403, ROLE_MESSAGES.escalation);
        expect(await t.db.select().from(roles).where(eq(roles.name, name))).toEqual([]);
      }
    },
    acrossOrganisations: ONE_ORGANISATION,
    lastFullMember: ADDS_ONLY,
    farms: ROLES_NO_FARM,
    superUsers: ROLES_NOT_HOLDERS,
  },

  'PUT /api/roles/:id': {
    aboveCaller: async () => {
      const role = (await createRole(t.db, orgA, unique('Powerful'), [PERMISSIONS.usersView, PERMISSIONS.harvestReports])).id;
      const [row] = await t.db.select().from(roles).where(eq(roles.id, role));
      const put = (caller: number, changes: Record<string, unknown>) =>
        call(caller, 'PUT', `/api/roles/${role}`, { name: row!.name, permissions: [PERMISSIONS.usersView, PERMISSIONS.harvestReports], version: 1, ...changes });
      await refusedRoleAboveCaller(role, (caller) => put(caller, { permissions: [PERMISSIONS.usersView] }), ROLE_MESSAGES.removalEscalation);
      await refusedRoleAboveCaller(role, (caller) => put(caller, { name: unique('Renamed') }), ROLE_MESSAGES.roleAboveCaller);
      await refusedRoleAboveCaller(role, (caller) => put(caller, { permissions: [PERMISSIONS.harvestReports] }), ROLE_MESSAGES.roleAboveCaller);
      const within = (await createRole(t.db, orgA, unique('Within'), [PERMISSIONS.usersView])).id;
      await refusedRoleAboveCaller(
        within,
        (caller) => call(caller, 'PUT', `/api/roles/${within}`, { name: unique('Within'), permissions: [PERMISSIONS.usersView, PERMISSIONS.systemUpdate], version: 1 }),
        ROLE_MESSAGES.escalation,
      );
    },
    acrossOrganisations: ONE_ORGANISATION,
    lastFullMember: async () => {
      const solo = await soloOrganization();
      const before = await roleSnapshot(solo.all);
      const strip = await call(solo.boss, 'PUT', `/api/roles/${solo.all}`, { name: 'All', permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.attendanceLog), version: 1 }, solo.org);
      expectRefused(strip, 409, ROLE_MESSAGES.lastFullMember);
      expect(await roleSnapshot(solo.all)).toEqual(before);
      // both roles that hold everything stripped at the same moment by one of their holders
      const pair = await pairOrganization();
      const strip2 = (role: number, name: string) => () =>
        call(pair.one, 'PUT', `/api/roles/${role}`, { name, permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.attendanceLog), version: 1 }, pair.org);
      await race(pair.org, [strip2(pair.all1, 'All one'), strip2(pair.all2, 'All two')], 200);
    },
    farms: ROLES_NO_FARM,
    superUsers: ROLES_NOT_HOLDERS,
  },

  'DELETE /api/roles/:id': {
    aboveCaller: async () => {
      const role = (await createRole(t.db, orgA, unique('Powerful'), [PERMISSIONS.usersView, PERMISSIONS.harvestReports])).id;
      await refusedRoleAboveCaller(role, (caller) => call(caller, 'DELETE', `/api/roles/${role}`), ROLE_MESSAGES.roleAboveCaller);
    },
    acrossOrganisations: ONE_ORGANISATION,
    lastFullMember: async () => {
      const solo = await soloOrganization();
      // the boss also holds a lesser role, so losing All does not take roles.manage away from them
      await t.db.insert(userRoles).values({ userId: solo.boss, roleId: solo.some, organizationId: solo.org });
      const before = await roleSnapshot(solo.all);
      expectRefused(await call(solo.boss, 'DELETE', `/api/roles/${solo.all}`, undefined, solo.org), 409, ROLE_MESSAGES.lastFullMember);
      expect(await roleSnapshot(solo.all)).toEqual(before);
      const pair = await pairOrganization();
      await race(
        pair.org,
        [() => call(pair.one, 'DELETE', `/api/roles/${pair.all2}`, undefined, pair.org), () => call(pair.two, 'DELETE', `/api/roles/${pair.all1}`, undefined, pair.org)],
        204,
      );
    },
    farms: ROLES_NO_FARM,
    superUsers: ROLES_NOT_HOLDERS,
  },
};

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await createOrganization(t.db, 'Privilege Org A')).id;
  orgB = (await createOrganization(t.db, 'Privilege Org B')).id;
  roleAll = (await createRole(t.db, orgA, 'Administrator', ALL_PERMISSIONS)).id;
  roleLimited = (await createRole(t.db, orgA, 'User administrator', USERS_AND_ROLES)).id;
  rolePowerful = (await createRole(t.db, orgA, 'Harvest lead', [PERMISSIONS.usersView, PERMISSIONS.harvestReports])).id;
  roleWeak = (await createRole(t.db, orgA, 'Viewer', [PERMISSIONS.usersView])).id;
  roleB = (await createRole(t.db, orgB, 'B role', [PERMISSIONS.pickingView])).id;
  const [le] = await t.db.insert(legalEntities).values({ organizationId: orgA, name: 'Privilege Estates' }).returning();
  farmA = (await t.db.insert(farms).values({ organizationId: orgA, legalEntityId: le!.id, farmName: 'Privilege Farm' }).returning())[0]!.id;
  farmA2 = (await t.db.insert(farms).values({ organizationId: orgA, legalEntityId: le!.id, farmName: 'Privilege Farm Two' }).returning())[0]!.id;
  packhouseA = (await t.db.insert(packhouses).values({ name: 'Privilege Packhouse', ownerOrganizationId: orgA }).returning())[0]!.id;
  const member = async (name: string, roleIds: number[], isSuperUser = false) => {
    const user = await createUser(t.db, name, { isSuperUser });
    await addMember(t.db, user.id, orgA, roleIds);
    return user.id;
  };
  admin = await member('privilege-admin', [roleAll]);
  superUser = await member('privilege-super', [roleAll], true);
  limited = await member('privilege-limited', [roleLimited]);
  limitedSuper = await member('privilege-limited-super', [roleLimited], true);
  farmHand = await member('privilege-farm-hand', [roleLimited]);
  await assignFarms(t.db, farmHand, orgA, [farmA]);
  // the administrator manages the organisation's side of users with a farm of their own
  await assignFarms(t.db, admin, orgA, [farmA2]);
});
afterAll(async () => {
  await t.close();
});

describe('privilege matrix over the users and roles routes', () => {
  const routes = () =>
    t.app.routeInventory.filter((r) => isMatrixRoute(r.method, r.url)).map((r) => `${r.method} ${r.url}`);

  it('has a case for every users and roles route, and no case for a route that is gone', () => {
    const registered = routes();
    expect(registered.length).toBeGreaterThan(15);
    expect(registered.filter((r) => !(r in CASES)), 'users/roles routes without a privilege case').toEqual([]);
    expect(Object.keys(CASES).filter((r) => !registered.includes(r)), 'cases for routes that do not exist').toEqual([]);
    for (const [route, c] of Object.entries(CASES)) {
      for (const answer of [c.aboveCaller, c.acrossOrganisations, c.lastFullMember, c.farms, c.superUsers]) {
        expect(['string', 'function'], `${route}: every question answered`).toContain(typeof answer);
        if (typeof answer === 'string') expect(answer.length, `${route}: say why it does not apply`).toBeGreaterThan(10);
      }
    }
  });

  const checks = (pick: (c: RouteCase) => Answer) =>
    Object.entries(CASES)
      .filter(([, c]) => typeof pick(c) === 'function')
      .map(([route, c]) => [route, pick(c) as Check] as const);

  describe('a caller lacking a permission the target holds: 403, the target unchanged (super users too)', () => {
    it.each(checks((c) => c.aboveCaller))('%s', async (_route, check) => {
      await check();
    });
  });

  describe('across organisations: identity only by the person or a super user; search and link only by super users', () => {
    it.each(checks((c) => c.acrossOrganisations))('%s', async (_route, check) => {
      await check();
    });
  });

  describe('the organisation keeps an enabled member who holds every permission: 409, also when two changes race', () => {
    it.each(checks((c) => c.lastFullMember))('%s', async (_route, check) => {
      await check();
    });
  });

  describe("farms: only the caller's own are added or removed, for anyone, themselves included (super users any)", () => {
    it.each(checks((c) => c.farms))('%s', async (_route, check) => {
      await check();
    });
  });

  describe("super users: only super users remove them, disable them, take their roles or change their details", () => {
    it.each(checks((c) => c.superUsers))('%s', async (_route, check) => {
      await check();
    });
  });

  it('the world is as it was: every limited caller still a member with only their role, and their farms', async () => {
    for (const id of [limited, limitedSuper, farmHand]) {
      expect((await t.db.select().from(userRoles).where(and(eq(userRoles.userId, id), inArray(userRoles.organizationId, [orgA])))).map((r) => r.roleId)).toEqual([roleLimited]);
    }
    expect((await userSnapshot(farmHand)).farms).toEqual([farmA]);
    expect((await userSnapshot(limitedSuper)).farms).toEqual([]);
    expect(await fullMembers(orgA)).toBeGreaterThanOrEqual(2);
  });
});

/**
 * The organisation onboarding routes (Create New Organization) are system-wide: only super users
 * call them, whatever their roles; an organisation's Administrator holding every permission and a
 * limited manager get 403 and nothing changes. A new route there without a case fails the first test.
 */
describe('privilege matrix over the organisation onboarding routes', () => {
  const P = ORGANIZATION_ONBOARDING_PATHS;
  // the organisations list answers GET on the create path; it has its own tests
  const isOnboardingRoute = (method: string, url: string) =>
    (Object.values(P) as string[]).includes(url) && !(method === 'GET' && url === P.create);

  let region: number;
  let area: number;
  let province: number;
  /** B's roles, as a copy source the super user is no member of */
  let roleBPicker: number;

  const worldCounts = async () => ({
    organizations: (await t.db.select().from(organizations)).length,
    roles: (await t.db.select().from(roles)).length,
    memberships: (await t.db.select().from(memberships)).length,
    regions: (await t.db.select().from(regions)).length,
    areas: (await t.db.select().from(areas)).length,
    provinces: (await t.db.select().from(provinces)).length,
  });

  const createBody = (name: string, source = orgB) => ({
    organization_Name: name,
    organization_Level: 1,
    organization_Legal_Entity: { id: 0, name },
    copy_Organization_Source: source,
    copy_Spray_Products: false,
    contact_Name: 'Pieter',
    contact_Surname: 'Botha',
    contact_Email: 'pieter@example.test',
    contact_Phone_Number: '015 000 0000',
    super_Users: [],
    farms: [
      {
        farm_Name: `${name} farm`,
        farm_Area: area,
        farm_Region: region,
        farm_Province: province,
        farm_Lat: -23.8,
        farm_Long: 30.4,
        auto_Schedule: true,
        block_Daily_Auto: true,
        public_Holidays: true,
      },
    ],
  });

  /** Refused (403, nothing changed) to A's Administrator and to a limited manager; allowed to a super user with limited roles. */
  async function superUsersOnly(method: 'GET' | 'POST', url: string, body?: () => object, allowedStatus = method === 'POST' ? 201 : 200) {
    const before = await worldCounts();
    for (const caller of [admin, limited]) {
      const res = await call(caller, method, url, body?.());
      expectRefused(res, 403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await worldCounts()).toEqual(before);
    const allowed = await call(limitedSuper, method, url, body?.());
    expect(allowed.statusCode, allowed.body).toBe(allowedStatus);
    return allowed;
  }

  const ONBOARDING_CASES: Record<string, Check> = {
    [`GET ${P.levels}`]: async () => void (await superUsersOnly('GET', P.levels)),
    [`GET ${P.siteTypes}`]: async () => void (await superUsersOnly('GET', P.siteTypes)),
    [`GET ${P.regions}`]: async () => void (await superUsersOnly('GET', P.regions)),
    [`POST ${P.regions}`]: async () => void (await superUsersOnly('POST', P.regions, () => ({ region_Name: unique('Matrix region') }))),
    [`GET ${P.areas}`]: async () => void (await superUsersOnly('GET', `${P.areas}?region=${region}`)),
    [`POST ${P.areas}`]: async () => void (await superUsersOnly('POST', P.areas, () => ({ area_Name: unique('Matrix area'), region }))),
    [`GET ${P.provinces}`]: async () => void (await superUsersOnly('GET', P.provinces)),
    [`POST ${P.provinces}`]: async () => void (await superUsersOnly('POST', P.provinces, () => ({ province_Name: unique('Matrix province') }))),
    [`GET ${P.legalEntities}`]: async () => {
      const res = await superUsersOnly('GET', P.legalEntities);
      expect(res.json().result).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Privilege Estates' })]));
    },
    [`GET ${P.copySources}`]: async () => {
      const res = await superUsersOnly('GET', P.copySources);
      expect((res.json().result as { id: number }[]).map((o) => o.id)).toEqual(expect.arrayContaining([orgA, orgB]));
    },
    [`GET ${P.sprayProducts}`]: async () => void (await superUsersOnly('GET', P.sprayProducts)),
    [`GET ${P.superUsers}`]: async () => {
      // super users only, found by part of the name; A's Administrator (no super user) is never found
      const res = await superUsersOnly('GET', `${P.superUsers}?query=privilege-`);
      const found = (res.json().result as { id: number }[]).map((u) => u.id);
      expect(found).toContain(limitedSuper);
      expect(found).not.toContain(admin);
    },
    [`POST ${P.create}`]: async () => {
      // the administrator cannot copy even their own organisation, nor invite anyone; a super user copies one they do not belong to
      const accounts = (await t.db.select().from(users)).length;
      for (const source of [orgA, orgB]) {
        const name = unique('Matrix org');
        const body = { ...createBody(name, source), first_Administrator: { user_Name: unique('matrix-invite'), email: 'matrix-invite@example.test' } };
        for (const caller of [admin, limited]) expectRefused(await call(caller, 'POST', P.create, body), 403);
        expect(await t.db.select().from(organizations).where(eq(organizations.name, name))).toEqual([]);
      }
      expect((await t.db.select().from(users)).length).toBe(accounts);
      const res = await superUsersOnly('POST', P.create, () => createBody(unique('Matrix org')));
      const created = res.json().id as number;
      const copied = await t.db.select().from(roles).where(eq(roles.organizationId, created)).orderBy(asc(roles.id));
      expect(copied.map((r) => r.name)).toEqual(['B role', 'Administrator']);
      expect(copied.find((r) => r.id === roleBPicker)).toBeUndefined();
      // B keeps its role and its holders; only the creator joined the new organisation
      expect((await roleSnapshot(roleBPicker)).row?.organizationId).toBe(orgB);
      expect((await t.db.select().from(memberships).where(eq(memberships.organizationId, created))).map((m) => m.userId)).toEqual([limitedSuper]);
      expect((await t.db.select().from(memberships).where(and(eq(memberships.organizationId, orgB), eq(memberships.userId, limitedSuper))))).toEqual([]);
    },
  };

  beforeAll(async () => {
    region = (await t.db.insert(regions).values({ regionName: 'Matrix Letaba' }).returning())[0]!.id;
    area = (await t.db.insert(areas).values({ areaName: 'Matrix Letsitele', regionId: region }).returning())[0]!.id;
    province = (await t.db.insert(provinces).values({ provinceName: 'Matrix Limpopo' }).returning())[0]!.id;
    roleBPicker = roleB;
  });

  it('has a case for every onboarding route, and no case for a route that is gone', () => {
    const registered = t.app.routeInventory.filter((r) => isOnboardingRoute(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThanOrEqual(13);
    expect(registered.filter((r) => !(r in ONBOARDING_CASES))).toEqual([]);
    expect(Object.keys(ONBOARDING_CASES).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it.each(Object.entries(ONBOARDING_CASES))('%s: super users only, whatever the roles', async (_route, check) => {
    await check();
  });
});

/**
 * The attention list routes answer for the caller alone: no one reaches another user's decisions,
 * and an item is listed and confirmed only where the caller may see what it concerns. A's
 * packhouse has a week planned over capacity and a block on A's farm an estimate by the super user.
 * Hostile callers (the users and roles manager, a super user with those roles only, B's member in B
 * and naming A, a member lacking one of the permissions, an Administrator without the farm) get no
 * such item and 404 on confirming it, and write no decision; the entitled callers get 200.
 */
describe('privilege matrix over the attention routes', () => {
  const isAttentionRoute = (url: string) => (Object.values(ATTENTION_PATHS) as string[]).includes(url);
  let capacityValue: string;
  let estimateValue: string;
  let memberB: number;
  let pickingOnly: number;
  let reportsOnly: number;
  let farmHolder: number;

  const confirmUrl = (type: string, value: string) => `${ATTENTION_PATHS.confirm}?type=${type}&action=dismiss&action_value=${encodeURIComponent(value)}`;
  const itemsOf = async (caller: number, organizationId = orgA) => {
    const res = await call(caller, 'GET', ATTENTION_PATHS.list, undefined, organizationId);
    return res.statusCode === 200 ? (res.json() as { items: { type: string; actionValue: string }[] }).items.map((i) => `${i.type} ${i.actionValue}`) : res.statusCode;
  };
  const decisions = async () => (await t.db.select().from(attentionDecisions)).length;

  beforeAll(async () => {
    const year = new Date().getUTCFullYear();
    const [variety] = await t.db.insert(varieties).values({ varietyName: 'Matrix Navel', commodity: 'Oranges' }).returning();
    const [puc] = await t.db.insert(pucs).values({ organizationId: orgA, farmId: farmA, pucName: 'Matrix PUC' }).returning();
    const [row] = await t.db.insert(pickingEstimates).values({ organizationId: orgA, pucId: puc!.id, varietyId: variety!.id, packhouseId: packhouseA }).returning();
    await t.db.insert(pickingEstimateWeeks).values({ pickingEstimateId: row!.id, year: year + 1, week: 10, binCount: 100 });
    await t.db.insert(packhouseCapacities).values({ packhouseId: packhouseA, year: year + 1, week: 10, capacity: 10 });
    capacityValue = `${packhouseA}:${year + 1}-W10`;
    const [block] = await t.db.insert(productionBlocks).values({ organizationId: orgA, pucId: puc!.id, code: 'M01', varietyId: variety!.id }).returning();
    const [estimate] = await t.db
      .insert(yieldEstimates)
      .values({ organizationId: orgA, productionBlockId: block!.id, season: year, ha: 1, tonnesPerHa: 30, tonnesPerHaAdjusted: 30, createdBy: superUser })
      .returning();
    estimateValue = String(estimate!.id);
    const member = async (name: string, permissions: Permission[], farmIds: number[] = []) => {
      const user = await createUser(t.db, unique(name));
      await addMember(t.db, user.id, orgA, [(await createRole(t.db, orgA, unique(`Role ${name}`), permissions)).id]);
      await assignFarms(t.db, user.id, orgA, farmIds);
      return user.id;
    };
    pickingOnly = await member('attention-picking', [PERMISSIONS.pickingView, PERMISSIONS.harvestReports], [farmA]);
    reportsOnly = await member('attention-reports', [PERMISSIONS.harvestEstimatesEdit, PERMISSIONS.capacityEdit], [farmA]);
    farmHolder = await member('attention-farm', [PERMISSIONS.harvestReports, PERMISSIONS.harvestEstimatesEdit], [farmA]);
    const b = await createUser(t.db, unique('attention-b'));
    await addMember(t.db, b.id, orgB, [roleB]);
    memberB = b.id;
  });

  const ATTENTION_CASES: Record<string, Check> = {
    [`GET ${ATTENTION_PATHS.list}`]: async () => {
      for (const caller of [limited, limitedSuper, reportsOnly]) expect(await itemsOf(caller), `caller ${caller}`).toEqual([]);
      // one permission less: picking.view without harvest.estimates.edit sees the week only
      expect(await itemsOf(pickingOnly)).toEqual([`capacity ${capacityValue}`]);
      // every permission, no farm: the week, not the block's estimate
      expect(await itemsOf(admin)).toEqual([`capacity ${capacityValue}`]);
      expect(await itemsOf(farmHolder)).toEqual([`estimate ${estimateValue}`]);
      // B's member: nothing of A in B, and A's context is closed to them
      expect(await itemsOf(memberB, orgB)).toEqual([]);
      expect(await itemsOf(memberB, orgA)).toBe(404);
    },
    [`POST ${ATTENTION_PATHS.confirm}`]: async () => {
      const before = await decisions();
      const refused: [number, string, string, number?][] = [
        [limited, 'capacity', capacityValue],
        [limited, 'estimate', estimateValue],
        [limitedSuper, 'capacity', capacityValue],
        [limitedSuper, 'estimate', estimateValue],
        [reportsOnly, 'capacity', capacityValue],
        [reportsOnly, 'estimate', estimateValue],
        [pickingOnly, 'estimate', estimateValue],
        [admin, 'estimate', estimateValue],
        [memberB, 'capacity', capacityValue, orgB],
        [memberB, 'estimate', estimateValue, orgB],
        [memberB, 'capacity', capacityValue, orgA],
        // the author has nothing to decide on their own estimate
        [superUser, 'estimate', estimateValue],
      ];
      for (const [caller, type, value, organizationId] of refused) {
        const res = await call(caller, 'POST', confirmUrl(type, value), undefined, organizationId ?? orgA);
        expect(res.statusCode, `${caller} ${type}: ${res.body}`).toBe(404);
      }
      expect(await decisions()).toBe(before);
      for (const [caller, type, value] of [
        [pickingOnly, 'capacity', capacityValue],
        [admin, 'capacity', capacityValue],
        [farmHolder, 'estimate', estimateValue],
      ] as const) {
        const res = await call(caller, 'POST', confirmUrl(type, value));
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await decisions()).toBe(before + 3);
      // each decided for themselves: the other callers' items stay
      expect(await itemsOf(pickingOnly)).toEqual([]);
      expect(await itemsOf(superUser)).toEqual([`capacity ${capacityValue}`]);
    },
  };

  it('has a case for every attention route, and no case for a route that is gone', () => {
    const registered = t.app.routeInventory.filter((r) => isAttentionRoute(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBe(2);
    expect(registered.filter((r) => !(r in ATTENTION_CASES))).toEqual([]);
    expect(Object.keys(ATTENTION_CASES).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it.each(Object.entries(ATTENTION_CASES))('%s: only what the caller may see, decided for the caller alone', async (_route, check) => {
    await check();
  });
});
