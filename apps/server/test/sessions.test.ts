/**
 * Ending a session ends it: logout, password change, an administrator's password reset, disable and
 * removal from the organisation stop the session's access tokens, on the instance that made the
 * change at once and on every other instance within ACCESS_CACHE_MS. Two refreshes at once do not
 * end it. Tokens must be complete.
 */
import { ACCOUNT_PATHS } from '@orchard/shared/account';
import { AUTH_PATHS, REFRESH_COOKIE } from '@orchard/shared/auth';
import { ALL_PERMISSIONS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { USERS_PATHS } from '@orchard/shared/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './helpers/app';
import { signIn } from './helpers/auth';
import { FIXTURE_PASSWORD, addMember, createOrganization, createRole, createUser } from './helpers/fixtures';

describe('sessions end everywhere', () => {
  let t: TestApp;
  /** a second instance on the same database, with its own access cache */
  let other: FastifyInstance;
  let organizationId: number;
  let adminId: number;
  let memberRoleId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ accessCacheMs: 1000 });
    other = await buildApp({ db: t.handle, config: t.config });
    await other.ready();
    const org = await createOrganization(t.db, 'Session Growers');
    organizationId = org.id;
    const adminRole = await createRole(t.db, org.id, 'Administrator', ALL_PERMISSIONS);
    const admin = await createUser(t.db, 'session-admin');
    await addMember(t.db, admin.id, org.id, [adminRole.id]);
    adminId = admin.id;
    memberRoleId = (await createRole(t.db, org.id, 'Member', [])).id;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** a fresh member signed in through the real token endpoint */
  const member = async () => {
    n += 1;
    const user = await createUser(t.db, `session-member-${n}`);
    await addMember(t.db, user.id, organizationId, [memberRoleId]);
    return { user, session: await signIn(t.app, user.userName, FIXTURE_PASSWORD, { remoteAddress: `10.9.0.${n}` }) };
  };
  const me = (app: FastifyInstance, accessToken: string) =>
    app.inject({
      method: 'GET',
      url: SHELL_PATHS.permissions,
      headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': String(organizationId) },
    });

  it('logout ends the access token at once here and within ACCESS_CACHE_MS on another instance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { session } = await member();
    expect((await me(t.app, session.accessToken)).statusCode).toBe(200);
    expect((await me(other, session.accessToken)).statusCode).toBe(200); // now cached on the other instance

    const out = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: { cookie: session.cookie } });
    expect(out.statusCode).toBe(204);
    expect((await me(t.app, session.accessToken)).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + 1001);
    expect((await me(other, session.accessToken)).statusCode).toBe(401);
  });

  it('two refreshes at once on two instances both keep the session, and logout then ends all of it', async () => {
    const { session } = await member();
    const refresh = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'POST', url: AUTH_PATHS.token, payload: { grant_type: 'refresh_token', refresh_token: token } });
    const tokenOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    const answers = await Promise.all([refresh(t.app, session.refreshToken), refresh(other, session.refreshToken)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const accessTokens = answers.map((r) => r.json<{ access_token: string }>().access_token);
    for (const accessToken of accessTokens) expect((await me(other, accessToken)).statusCode).toBe(200);
    // each new token refreshes again, on the instance that did not issue it
    const next = [await refresh(other, tokenOf(answers[0]!)), await refresh(t.app, tokenOf(answers[1]!))];
    expect(next.map((r) => r.statusCode)).toEqual([200, 200]);

    const out = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, payload: { refresh_token: tokenOf(next[0]!) } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(other, tokenOf(next[1]!))).statusCode).toBe(401);
    expect((await refresh(other, session.refreshToken)).statusCode).toBe(401);
    for (const accessToken of accessTokens) expect((await me(t.app, accessToken)).statusCode).toBe(401);
  });

  it('a password change ends every other session of the user and keeps the one that made it', async () => {
    const { user, session: here } = await member();
    const elsewhere = await signIn(t.app, user.userName, FIXTURE_PASSWORD, { remoteAddress: '10.9.1.1' });
    const changed = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.password,
      headers: { authorization: `Bearer ${here.accessToken}` },
      payload: { currentPassword: FIXTURE_PASSWORD, newPassword: 'Another-Pass-2', confirmPassword: 'Another-Pass-2' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await me(t.app, elsewhere.accessToken)).statusCode).toBe(401);
    expect((await me(t.app, here.accessToken)).statusCode).toBe(200);
    // and its refresh token is gone too
    const refreshed = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.token,
      headers: { cookie: elsewhere.cookie },
      payload: { grant_type: 'refresh_token' },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it("an administrator's password reset ends the user's sessions", async () => {
    const { user, session } = await member();
    const reset = await t.app.inject({
      method: 'POST',
      url: USERS_PATHS.passwordReset.replace(':id', String(user.id)),
      headers: await t.headersFor(adminId, organizationId),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(t.app, session.accessToken)).statusCode).toBe(401);
  });

  it('disabling ends the access token on every instance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user, session } = await member();
    expect((await me(other, session.accessToken)).statusCode).toBe(200);
    await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, user.id));
    vi.setSystemTime(Date.now() + 1001);
    expect((await me(other, session.accessToken)).statusCode).toBe(401);
    expect((await me(t.app, session.accessToken)).statusCode).toBe(401);
  });

  it('removal from the organisation ends access to it on every instance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user, session } = await member();
    expect((await me(other, session.accessToken)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: USERS_PATHS.user.replace(':id', String(user.id)),
      headers: await t.headersFor(adminId, organizationId),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await me(t.app, session.accessToken)).statusCode).not.toBe(200);
    vi.setSystemTime(Date.now() + 1001);
    expect((await me(other, session.accessToken)).statusCode).not.toBe(200);
  });

  it('wrong current passwords count towards the lockout, which then refuses sign-in and further guesses', async () => {
    const { user, session } = await member();
    const guess = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.password,
        headers: { authorization: `Bearer ${session.accessToken}` },
        payload: { currentPassword, newPassword: 'Guessed-Pass-3', confirmPassword: 'Guessed-Pass-3' },
      });
    for (let i = 0; i < t.config.lockoutMaxFailures; i += 1) expect((await guess(`wrong-${i}`)).statusCode).toBe(400);
    const [row] = await t.db.select({ lockoutEnd: users.lockoutEnd }).from(users).where(eq(users.id, user.id));
    expect(row!.lockoutEnd!.getTime()).toBeGreaterThan(Date.now());
    // locked: even the right password is not accepted, neither here nor at sign-in
    expect((await guess(FIXTURE_PASSWORD)).statusCode).toBe(400);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.token,
      payload: { grant_type: 'password', username: user.userName, password: FIXTURE_PASSWORD },
      remoteAddress: '10.9.2.1',
    });
    expect(signInAgain.statusCode).toBe(401);
  });

  it('counts failures on the account, whichever instance answers', async () => {
    const { user, session } = await member();
    const guessOn = (app: FastifyInstance, i: number) =>
      app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.password,
        headers: { authorization: `Bearer ${session.accessToken}` },
        payload: { currentPassword: `wrong-${i}`, newPassword: 'Guessed-Pass-3', confirmPassword: 'Guessed-Pass-3' },
      });
    for (let i = 0; i < t.config.lockoutMaxFailures; i += 1) await guessOn(i % 2 === 0 ? t.app : other, i);
    const [row] = await t.db.select({ lockoutEnd: users.lockoutEnd }).from(users).where(eq(users.id, user.id));
    expect(row!.lockoutEnd).not.toBeNull();
  });
});

describe('access tokens must be complete', () => {
  let t: TestApp;
  let userId: number;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await createUser(t.db, 'token-shape')).id;
    sessionId = (await t.openSession(userId)).sessionId;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string) => t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: { authorization: `Bearer ${token}` } });
  const base = () =>
    new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS256' }).setIssuer('orchard-ops').setAudience('orchard-ops-api');

  it('accepts a complete token signed with the key', async () => {
    const token = await base().setSubject(String(userId)).setIssuedAt().setExpirationTime('5m').sign(t.config.jwtSecret);
    expect((await call(token)).statusCode).toBe(200);
  });

  it.each([
    ['exp', () => base().setSubject(String(userId)).setIssuedAt()],
    ['iat', () => base().setSubject(String(userId)).setExpirationTime('5m')],
    ['sub', () => base().setIssuedAt().setExpirationTime('5m')],
  ])('refuses a token without %s, even with the right signature', async (_claim, make) => {
    expect((await call(await make().sign(t.config.jwtSecret))).statusCode).toBe(401);
  });

  /** a complete token of the user with these claims instead */
  const signedWith = (claims: { sid?: string }) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('orchard-ops')
      .setAudience('orchard-ops-api')
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(t.config.jwtSecret);

  it('refuses a token without a session, or naming a session of someone else or none', async () => {
    expect((await call(await signedWith({}))).statusCode).toBe(401);
    const otherUser = await createUser(t.db, 'token-shape-other');
    const foreign = (await t.openSession(otherUser.id)).sessionId;
    expect((await call(await signedWith({ sid: foreign }))).statusCode).toBe(401);
    expect((await call(await signedWith({ sid: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(401);
    expect((await call(await signedWith({ sid: 'not-a-uuid' }))).statusCode).toBe(401);
    expect((await call(await signedWith({ sid: sessionId }))).statusCode).toBe(200);
  });

  it('refuses a token issued for longer than the configured lifetime', async () => {
    const token = await base()
      .setSubject(String(userId))
      .setIssuedAt(Math.floor(Date.now() / 1000) - t.config.accessTokenTtlSeconds - 60)
      .setExpirationTime('1h')
      .sign(t.config.jwtSecret);
    expect((await call(token)).statusCode).toBe(401);
  });
});

describe('the organisation header', () => {
  let t: TestApp;
  let userId: number;
  let organizationId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.db, 'Header Growers');
    organizationId = org.id;
    userId = (await createUser(t.db, 'header-user')).id;
    await addMember(t.db, userId, org.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts only the canonical positive integer', async () => {
    const { authorization } = await t.bearer(userId);
    const ask = (value: string) =>
      t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers: { authorization, 'x-organization-id': value } });
    expect((await ask(String(organizationId))).statusCode).toBe(200);
    for (const variant of [`${organizationId}.0`, `${organizationId}e0`, `0x${organizationId.toString(16)}`, `0${organizationId}`, `+${organizationId}`, ` ${organizationId}`, `${organizationId} `, '-1', '0', '2147483648']) {
      const res = await ask(variant);
      expect(res.statusCode, variant).toBe(404);
    }
  });
});
