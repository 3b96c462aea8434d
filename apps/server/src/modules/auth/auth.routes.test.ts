import { ACCOUNT_PATHS } from '@orchard/shared/account';
import { AUTH_PATHS, LOGIN_ERROR_MESSAGES, REFRESH_COOKIE } from '@orchard/shared/auth';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginEvents, refreshTokens, users } from '../../db/schema/index';
import { verifyAccessToken } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { addMember, createOrganization, createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';
import { hashRefreshToken, REFRESH_FAILED_MESSAGE } from './auth.service';

const WRONG = 'Not-The-Password-1';
let seq = 0;
const uniqueName = (prefix: string) => `${prefix}${++seq}`;

function passwordGrant(t: TestApp, username: string, password: string, extra: Record<string, unknown> = {}, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.token,
    payload: { grant_type: 'password', username, password, ...extra },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function refreshWithCookie(t: TestApp, token: string) {
  return t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.token,
    payload: { grant_type: 'refresh_token' },
    cookies: { [REFRESH_COOKIE]: token },
  });
}

function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}

/** The answer with the only part allowed to differ (the request id) blanked out. */
function comparable(res: LightMyRequestResponse) {
  const json = res.json<{ requestId: string }>();
  return {
    status: res.statusCode,
    contentType: res.headers['content-type'],
    body: res.body.replace(json.requestId, '<id>'),
  };
}

async function userRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** Max-Age is the token's remaining life, so allow for the seconds the test itself takes. */
function expectMaxAgeNear(maxAge: number | undefined, seconds: number) {
  expect(maxAge).toBeGreaterThan(seconds - 5);
  expect(maxAge).toBeLessThanOrEqual(seconds);
}

async function expectCleared(res: LightMyRequestResponse) {
  const cookie = refreshCookieOf(res);
  expect(cookie?.value).toBe('');
  expect(cookie?.path).toBe('/connect');
  expect(cookie?.expires?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
}

describe('POST /connect/token and /connect/logout', () => {
  let t: TestApp;
  let orgId: number;
  /** how far the app's clock runs ahead of the real time */
  let aheadMs = 0;
  beforeAll(async () => {
    // Generous limits here; the rate-limit tests build their own apps with small ones.
    t = await createTestApp(
      { loginRateLimitPerIp: 100_000, loginRateLimitPerAccount: 100_000 },
      { clock: { now: () => new Date(Date.now() + aheadMs) } },
    );
    orgId = (await createOrganization(t.db, 'Auth Org')).id;
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    aheadMs = 0;
  });
  /** moves the app's clock past the reuse interval of every rotation made so far */
  const pastReuseInterval = () => {
    aheadMs += t.config.refreshReuseIntervalSeconds * 1000 + 1000;
  };

  describe('password grant', () => {
    it('signs in by user name in any case and answers a bearer token that the API accepts', async () => {
      const user = await createUser(t.db, 'Thandi.Auth');
      await addMember(t.db, user.id, orgId);
      const res = await passwordGrant(t, 'tHANDI.aUTH', FIXTURE_PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: t.config.accessTokenTtlSeconds,
        user_id: user.id,
      });
      expect(await verifyAccessToken(t.config, body.access_token)).toMatchObject({ userId: user.id });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('signs in by e-mail in any case', async () => {
      const user = await createUser(t.db, uniqueName('mail'), { email: 'Pieter.Mail@Example.Test' });
      const res = await passwordGrant(t, 'PIETER.MAIL@example.test', FIXTURE_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().user_id).toBe(user.id);
    });

    it('prefers a user name match over another account whose e-mail is that name', async () => {
      const named = await createUser(t.db, 'shared-login@example.test');
      await createUser(t.db, uniqueName('other'), { email: 'shared-login@example.test', password: 'Other-Pass-1' });
      const res = await passwordGrant(t, 'shared-login@example.test', FIXTURE_PASSWORD);
      expect(res.json().user_id).toBe(named.id);
    });

    it('accepts a form-encoded body', async () => {
      const user = await createUser(t.db, uniqueName('form'));
      const res = await t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          username: user.userName,
          password: FIXTURE_PASSWORD,
          remember_me: 'true',
          path: 'anb',
        }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user_id).toBe(user.id);
      expectMaxAgeNear(refreshCookieOf(res)?.maxAge, t.config.rememberMeTtlDays * 86_400);
    });

    it('lets a user without an organisation sign in (the browser handles that case)', async () => {
      const user = await createUser(t.db, uniqueName('noorg'));
      const res = await passwordGrant(t, user.userName, FIXTURE_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().user_id).toBe(user.id);
    });

    it('answers wrong password, unknown user and locked account identically', async () => {
      const user = await createUser(t.db, uniqueName('same'));
      const locked = await createUser(t.db, uniqueName('locked'), {
        lockoutEnd: new Date(Date.now() + 10 * 60_000),
      });
      const wrongPassword = await passwordGrant(t, user.userName, WRONG);
      const unknownUser = await passwordGrant(t, 'nobody-by-this-name', WRONG);
      const lockedWrong = await passwordGrant(t, locked.userName, WRONG);
      const lockedRight = await passwordGrant(t, locked.userName, FIXTURE_PASSWORD);

      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: LOGIN_ERROR_MESSAGES.invalidCredentials, reason: 'login-invalid-credentials' },
        requestId: expect.any(String),
      });
      const reference = comparable(wrongPassword);
      expect(comparable(unknownUser)).toEqual(reference);
      expect(comparable(lockedWrong)).toEqual(reference);
      expect(comparable(lockedRight)).toEqual(reference);
      for (const res of [wrongPassword, unknownUser, lockedWrong, lockedRight]) {
        expect(refreshCookieOf(res)).toBeUndefined();
      }
    });

    it('locks the account after exactly 5 consecutive failures, until lockout_end passes', async () => {
      expect(t.config.lockoutMaxFailures).toBe(5);
      const user = await createUser(t.db, uniqueName('lock'));
      for (let i = 1; i <= 4; i++) {
        expect((await passwordGrant(t, user.userName, WRONG)).statusCode).toBe(401);
      }
      expect((await userRow(t, user.id)).failedLoginCount).toBe(4);
      expect((await userRow(t, user.id)).lockoutEnd).toBeNull();

      expect((await passwordGrant(t, user.userName, WRONG)).statusCode).toBe(401);
      const afterFifth = await userRow(t, user.id);
      expect(afterFifth.failedLoginCount).toBe(0);
      const minutes = (afterFifth.lockoutEnd!.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(t.config.lockoutMinutes - 1);
      expect(minutes).toBeLessThanOrEqual(t.config.lockoutMinutes);

      const whileLocked = await passwordGrant(t, user.userName, FIXTURE_PASSWORD);
      expect(whileLocked.statusCode).toBe(401);
      expect(whileLocked.json().error.message).toBe(LOGIN_ERROR_MESSAGES.invalidCredentials);

      await t.db.update(users).set({ lockoutEnd: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));
      const afterLockout = await passwordGrant(t, user.userName, FIXTURE_PASSWORD);
      expect(afterLockout.statusCode).toBe(200);
      const reset = await userRow(t, user.id);
      expect(reset.failedLoginCount).toBe(0);
      expect(reset.lockoutEnd).toBeNull();
    });

    it('resets the failure counter on success, so only consecutive failures lock', async () => {
      const user = await createUser(t.db, uniqueName('reset'));
      for (let i = 0; i < 4; i++) await passwordGrant(t, user.userName, WRONG);
      expect((await passwordGrant(t, user.userName, FIXTURE_PASSWORD)).statusCode).toBe(200);
      expect((await userRow(t, user.id)).failedLoginCount).toBe(0);
      for (let i = 0; i < 4; i++) await passwordGrant(t, user.userName, WRONG);
      expect((await passwordGrant(t, user.userName, FIXTURE_PASSWORD)).statusCode).toBe(200);
    });

    it('answers invalid_grant for a disabled account only after the correct password', async () => {
      const user = await createUser(t.db, uniqueName('disabled'), { isEnabled: false });
      const wrong = await passwordGrant(t, user.userName, WRONG);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toEqual({ code: 'UNAUTHENTICATED', message: LOGIN_ERROR_MESSAGES.invalidCredentials, reason: 'login-invalid-credentials' });
      const right = await passwordGrant(t, user.userName, FIXTURE_PASSWORD);
      expect(right.statusCode).toBe(401);
      expect(right.json().error).toEqual({ code: 'UNAUTHENTICATED', message: LOGIN_ERROR_MESSAGES.disabled, reason: 'login-disabled' });
      expect(refreshCookieOf(right)).toBeUndefined();
    });

    it('answers 400 VALIDATION_FAILED with details for a malformed body', async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.token,
        payload: { grant_type: 'password', password: 'x' },
      });
      expect(missing.statusCode).toBe(400);
      const body = missing.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'username' })]));

      const unknownGrant = await t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.token,
        payload: { grant_type: 'client_credentials' },
      });
      expect(unknownGrant.statusCode).toBe(400);
      expect(unknownGrant.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('records every attempt in login_events with reason, client flag, address and organisation', async () => {
      const org = await createOrganization(t.db, 'Events Org');
      const user = await createUser(t.db, uniqueName('events'), { lastOrganizationId: org.id });
      const disabled = await createUser(t.db, uniqueName('evdisabled'), { isEnabled: false });
      const name = user.userName.toUpperCase();
      await passwordGrant(t, name, FIXTURE_PASSWORD, { path: 'anb' }, '10.9.8.7');
      await passwordGrant(t, name, WRONG);
      await passwordGrant(t, disabled.userName, FIXTURE_PASSWORD);
      await passwordGrant(t, 'ghost-user-events', WRONG);
      await t.db.update(users).set({ lockoutEnd: new Date(Date.now() + 60_000) }).where(eq(users.id, user.id));
      await passwordGrant(t, name, FIXTURE_PASSWORD);

      const rows = await t.db.select().from(loginEvents).orderBy(desc(loginEvents.id)).limit(5);
      const [locked, unknown, disabledEvent, badPassword, success] = rows;
      expect(success).toMatchObject({
        userId: user.id,
        userNameAttempted: name,
        success: true,
        failureReason: null,
        clientFlag: 'anb',
        ip: '10.9.8.7',
        organizationId: org.id,
      });
      expect(badPassword).toMatchObject({ userId: user.id, success: false, failureReason: 'bad_password', clientFlag: null, ip: '127.0.0.1' });
      expect(disabledEvent).toMatchObject({ userId: disabled.id, success: false, failureReason: 'disabled' });
      expect(unknown).toMatchObject({ userId: null, userNameAttempted: 'ghost-user-events', success: false, failureReason: 'unknown_user' });
      expect(locked).toMatchObject({ userId: user.id, success: false, failureReason: 'locked', organizationId: null });
    });
  });

  describe('refresh cookie', () => {
    it('is httpOnly, SameSite=Strict, scoped to /connect and a session cookie without remember-me', async () => {
      const user = await createUser(t.db, uniqueName('cookie'));
      const res = await passwordGrant(t, user.userName, FIXTURE_PASSWORD);
      const cookie = refreshCookieOf(res)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/connect' });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.maxAge).toBeUndefined();
      expect(cookie.expires).toBeUndefined();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const [stored] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(cookie.value)));
      expect(stored!.rememberMe).toBe(false);
      const hours = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(t.config.refreshTokenTtlHours - 0.1);
      expect(hours).toBeLessThanOrEqual(t.config.refreshTokenTtlHours);
      // only the hash is stored
      const all = await t.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
      expect(all.some((r) => r.tokenHash === cookie.value)).toBe(false);
    });

    it('is persistent with remember-me, and the token lives as long', async () => {
      const user = await createUser(t.db, uniqueName('remember'));
      const { response, refreshToken } = await signIn(t.app, user.userName, FIXTURE_PASSWORD, { rememberMe: true });
      expect(response.headers['set-cookie']).toMatch(/Max-Age=\d+/);
      expect(refreshCookieOf(response)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/connect' });
      expectMaxAgeNear(refreshCookieOf(response)?.maxAge, t.config.rememberMeTtlDays * 86_400);
      const [stored] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
      expect(stored!.rememberMe).toBe(true);
      const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(t.config.rememberMeTtlDays - 0.01);
    });

    it('is marked Secure when the configuration says so', async () => {
      const secure = await createTestApp({ cookieSecure: true });
      try {
        const user = await createUser(secure.db, 'secure-cookie');
        const { response } = await signIn(secure.app, user.userName, FIXTURE_PASSWORD);
        expect(refreshCookieOf(response)?.secure).toBe(true);
      } finally {
        await secure.close();
      }
    });
  });

  describe('refresh_token grant', () => {
    it('rotates the token: a new refresh token and access token, same family, expiry and remember-me', async () => {
      const user = await createUser(t.db, uniqueName('rotate'));
      const first = await signIn(t.app, user.userName, FIXTURE_PASSWORD, { rememberMe: true });
      const res = await refreshWithCookie(t, first.refreshToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ token_type: 'Bearer', user_id: user.id });
      expect(await verifyAccessToken(t.config, res.json().access_token)).toMatchObject({ userId: user.id });
      const next = refreshCookieOf(res)!;
      expect(next.value).not.toBe(first.refreshToken);
      expect(next).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/connect' });
      expect(next.maxAge).toBeGreaterThan(0);
      expect(next.maxAge).toBeLessThanOrEqual(t.config.rememberMeTtlDays * 86_400);

      const [old] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
      const [rotated] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(next.value)));
      expect(old!.replacedAt).not.toBeNull();
      expect(rotated).toMatchObject({ familyId: old!.familyId, rememberMe: true, expiresAt: old!.expiresAt, replacedAt: null });
    });

    it('accepts the token in the body too, and keeps a session cookie without remember-me', async () => {
      const user = await createUser(t.db, uniqueName('bodyrefresh'));
      const first = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const res = await t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=refresh_token&refresh_token=${first.refreshToken}`,
      });
      expect(res.statusCode).toBe(200);
      expect(refreshCookieOf(res)?.maxAge).toBeUndefined();
    });

    it('rejects the old token after the reuse interval, and replaying it revokes the whole family', async () => {
      const user = await createUser(t.db, uniqueName('replay'));
      const first = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const second = refreshCookieOf(await refreshWithCookie(t, first.refreshToken))!.value;
      const thirdRes = await refreshWithCookie(t, second);
      expect(thirdRes.statusCode).toBe(200);
      const third = refreshCookieOf(thirdRes)!.value;

      pastReuseInterval();
      const replay = await refreshWithCookie(t, first.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error).toEqual({ code: 'UNAUTHENTICATED', message: REFRESH_FAILED_MESSAGE, reason: 'session-expired' });
      await expectCleared(replay);

      const newest = await refreshWithCookie(t, third);
      expect(newest.statusCode).toBe(401);
      const family = await t.db
        .select({ revokedAt: refreshTokens.revokedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, user.id));
      expect(family).toHaveLength(3);
      expect(family.every((r) => r.revokedAt !== null)).toBe(true);
    });

    it('leaves other sessions of the same user alone when one family is revoked', async () => {
      const user = await createUser(t.db, uniqueName('twosessions'));
      const a = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const b = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      await refreshWithCookie(t, a.refreshToken);
      pastReuseInterval();
      expect((await refreshWithCookie(t, a.refreshToken)).statusCode).toBe(401); // reuse: family a revoked
      expect((await refreshWithCookie(t, b.refreshToken)).statusCode).toBe(200);
    });

    it('answers two refreshes at once with the same token both, and both new tokens keep working', async () => {
      const user = await createUser(t.db, uniqueName('twice'));
      const first = await signIn(t.app, user.userName, FIXTURE_PASSWORD, { rememberMe: true });
      const answers = await Promise.all([refreshWithCookie(t, first.refreshToken), refreshWithCookie(t, first.refreshToken)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const tokens = answers.map((r) => refreshCookieOf(r)!.value);
      expect(new Set([first.refreshToken, ...tokens]).size).toBe(3);
      for (const r of answers) expect(await verifyAccessToken(t.config, r.json().access_token)).toMatchObject({ userId: user.id });

      // each successor rotates on its own, now and after the interval, in the one session
      for (const token of tokens) expect((await refreshWithCookie(t, token)).statusCode).toBe(200);
      const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
      expect(rows.every((r) => r.revokedAt === null && r.rememberMe && r.expiresAt.getTime() === rows[0]!.expiresAt.getTime())).toBe(true);
    });

    it('gives a lost answer again: the previous token presented within the interval refreshes once more', async () => {
      const user = await createUser(t.db, uniqueName('retry'));
      const first = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const lost = refreshCookieOf(await refreshWithCookie(t, first.refreshToken))!.value;
      aheadMs += t.config.refreshReuseIntervalSeconds * 1000 - 1000;
      const retried = await refreshWithCookie(t, first.refreshToken);
      expect(retried.statusCode).toBe(200);
      expect((await refreshWithCookie(t, refreshCookieOf(retried)!.value)).statusCode).toBe(200);
      // the answer that was lost, should it arrive after all, still works too
      expect((await refreshWithCookie(t, lost)).statusCode).toBe(200);
    });

    it('counts the interval from the first rotation: presenting the token again does not extend it', async () => {
      const user = await createUser(t.db, uniqueName('nosliding'));
      const first = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const second = refreshCookieOf(await refreshWithCookie(t, first.refreshToken))!.value;
      aheadMs += t.config.refreshReuseIntervalSeconds * 1000 - 1000;
      expect((await refreshWithCookie(t, first.refreshToken)).statusCode).toBe(200);
      aheadMs += 2000;
      expect((await refreshWithCookie(t, first.refreshToken)).statusCode).toBe(401);
      expect((await refreshWithCookie(t, second)).statusCode).toBe(401);
    });

    it('never revives a revoked session within the interval: signed out, password changed, user disabled', async () => {
      const signedOut = await createUser(t.db, uniqueName('graceout'));
      const a = await signIn(t.app, signedOut.userName, FIXTURE_PASSWORD);
      const aNext = refreshCookieOf(await refreshWithCookie(t, a.refreshToken))!.value;
      expect((await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, cookies: { [REFRESH_COOKIE]: aNext } })).statusCode).toBe(204);
      const afterLogout = await refreshWithCookie(t, a.refreshToken);
      expect(afterLogout.statusCode).toBe(401);
      expect(afterLogout.json().error).toEqual({ code: 'UNAUTHENTICATED', message: REFRESH_FAILED_MESSAGE, reason: 'session-expired' });

      const changed = await createUser(t.db, uniqueName('gracepw'));
      const b = await signIn(t.app, changed.userName, FIXTURE_PASSWORD);
      const elsewhere = await signIn(t.app, changed.userName, FIXTURE_PASSWORD);
      await refreshWithCookie(t, elsewhere.refreshToken);
      const change = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.password,
        headers: { authorization: `Bearer ${b.accessToken}` },
        payload: { currentPassword: FIXTURE_PASSWORD, newPassword: 'Changed-Pass-9', confirmPassword: 'Changed-Pass-9' },
      });
      expect(change.statusCode, change.body).toBe(204);
      expect((await refreshWithCookie(t, elsewhere.refreshToken)).statusCode).toBe(401);

      const disabled = await createUser(t.db, uniqueName('gracedisabled'));
      const c = await signIn(t.app, disabled.userName, FIXTURE_PASSWORD);
      const cNext = refreshCookieOf(await refreshWithCookie(t, c.refreshToken))!.value;
      await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, disabled.id));
      expect((await refreshWithCookie(t, c.refreshToken)).statusCode).toBe(401);
      await t.db.update(users).set({ isEnabled: true }).where(eq(users.id, disabled.id));
      expect((await refreshWithCookie(t, c.refreshToken)).statusCode).toBe(401);
      expect((await refreshWithCookie(t, cNext)).statusCode).toBe(401);
    });

    it('refuses an expired token within the interval', async () => {
      const user = await createUser(t.db, uniqueName('graceexpired'));
      const first = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      await refreshWithCookie(t, first.refreshToken);
      await t.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.userId, user.id));
      expect((await refreshWithCookie(t, first.refreshToken)).statusCode).toBe(401);
    });

    it('answers reuse at once when the interval is 0', async () => {
      const strict = await createTestApp({ refreshReuseIntervalSeconds: 0 });
      try {
        const user = await createUser(strict.db, uniqueName('nointerval'));
        const first = await signIn(strict.app, user.userName, FIXTURE_PASSWORD);
        const second = refreshCookieOf(await refreshWithCookie(strict, first.refreshToken))!.value;
        expect((await refreshWithCookie(strict, first.refreshToken)).statusCode).toBe(401);
        expect((await refreshWithCookie(strict, second)).statusCode).toBe(401);
      } finally {
        await strict.close();
      }
    });

    it('answers 401 and clears the cookie for expired, unknown and missing tokens', async () => {
      const user = await createUser(t.db, uniqueName('expired'));
      const session = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      await t.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refreshToken)));
      const expired = await refreshWithCookie(t, session.refreshToken);
      const unknown = await refreshWithCookie(t, 'not-a-token-we-issued');
      const missing = await t.app.inject({ method: 'POST', url: AUTH_PATHS.token, payload: { grant_type: 'refresh_token' } });
      for (const res of [expired, unknown, missing]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: REFRESH_FAILED_MESSAGE, reason: 'session-expired' });
        await expectCleared(res);
      }
    });

    it('answers 401 for a disabled user and revokes the session', async () => {
      const user = await createUser(t.db, uniqueName('refreshdisabled'));
      const session = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, user.id));
      expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(401);
      await t.db.update(users).set({ isEnabled: true }).where(eq(users.id, user.id));
      expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    it('revokes the session on the server, clears the cookie and is idempotent', async () => {
      const user = await createUser(t.db, uniqueName('logout'));
      const session = await signIn(t.app, user.userName, FIXTURE_PASSWORD, { rememberMe: true });
      const rotated = refreshCookieOf(await refreshWithCookie(t, session.refreshToken))!.value;

      const res = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, cookies: { [REFRESH_COOKIE]: rotated } });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      await expectCleared(res);
      expect((await refreshWithCookie(t, rotated)).statusCode).toBe(401);

      const again = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, cookies: { [REFRESH_COOKIE]: rotated } });
      expect(again.statusCode).toBe(204);
      const anonymous = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout });
      expect(anonymous.statusCode).toBe(204);
      await expectCleared(anonymous);
    });

    it('ends every token of the session, the ones two refreshes at once gave too', async () => {
      const user = await createUser(t.db, uniqueName('logoutsiblings'));
      const session = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const answers = await Promise.all([refreshWithCookie(t, session.refreshToken), refreshWithCookie(t, session.refreshToken)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const [one, other] = answers.map((r) => refreshCookieOf(r)!.value) as [string, string];
      const res = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, cookies: { [REFRESH_COOKIE]: one } });
      expect(res.statusCode).toBe(204);
      for (const token of [other, one, session.refreshToken]) expect((await refreshWithCookie(t, token)).statusCode).toBe(401);
      const me = (r: LightMyRequestResponse) =>
        t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: { authorization: `Bearer ${r.json().access_token}` } });
      for (const r of answers) expect((await me(r)).statusCode).toBe(401);
      const rows = await t.db.select({ revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.userId, user.id));
      expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    });

    it('accepts the token in the body', async () => {
      const user = await createUser(t.db, uniqueName('logoutbody'));
      const session = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const res = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, payload: { refresh_token: session.refreshToken } });
      expect(res.statusCode).toBe(204);
      expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(401);
    });
  });

  it('declares a public auth policy on its routes', () => {
    const mine = t.app.routeInventory.filter((r) => r.url.startsWith('/connect'));
    expect(mine.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['POST /connect/logout', 'POST /connect/token']);
    expect(mine.every((r) => r.auth === 'public')).toBe(true);
  });
});

describe('configurable lockout', () => {
  it('locks after lockoutMaxFailures (3) failures', async () => {
    const t = await createTestApp({ lockoutMaxFailures: 3, lockoutMinutes: 2 });
    try {
      const user = await createUser(t.db, 'three-strikes');
      for (let i = 0; i < 2; i++) await passwordGrant(t, user.userName, WRONG);
      expect((await userRow(t, user.id)).lockoutEnd).toBeNull();
      await passwordGrant(t, user.userName, WRONG);
      const row = await userRow(t, user.id);
      expect(row.lockoutEnd!.getTime()).toBeGreaterThan(Date.now() + 60_000);
      expect(row.lockoutEnd!.getTime()).toBeLessThanOrEqual(Date.now() + 2 * 60_000);
      const res = await passwordGrant(t, user.userName, FIXTURE_PASSWORD);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(LOGIN_ERROR_MESSAGES.invalidCredentials);
    } finally {
      await t.close();
    }
  });
});

describe('sign-in rate limits (counted in the database)', () => {
  it('limits password attempts per address with 429 RATE_LIMITED', async () => {
    const t = await createTestApp({ loginRateLimitPerIp: 3, loginRateLimitPerAccount: 100 });
    try {
      const user = await createUser(t.db, 'per-ip');
      for (let i = 0; i < 3; i++) {
        expect((await passwordGrant(t, `someone-${i}`, WRONG, {}, '10.1.1.1')).statusCode).toBe(401);
      }
      const limited = await passwordGrant(t, user.userName, FIXTURE_PASSWORD, {}, '10.1.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.any(String), reason: 'sign-in-rate-limited' },
        requestId: expect.any(String),
      });
      expect(refreshCookieOf(limited)).toBeUndefined();
      // another address is not affected
      expect((await passwordGrant(t, user.userName, FIXTURE_PASSWORD, {}, '10.1.1.2')).statusCode).toBe(200);
      const [last] = await t.db.select().from(loginEvents).where(eq(loginEvents.ip, '10.1.1.1')).orderBy(desc(loginEvents.id)).limit(1);
      expect(last).toMatchObject({ userId: user.id, success: false, failureReason: 'rate_limited' });
    } finally {
      await t.close();
    }
  });

  it('limits failed attempts per account across addresses, for known and unknown names alike', async () => {
    const t = await createTestApp({ loginRateLimitPerIp: 100, loginRateLimitPerAccount: 3 });
    try {
      const user = await createUser(t.db, 'per-account');
      for (let i = 0; i < 3; i++) {
        expect((await passwordGrant(t, 'PER-ACCOUNT', WRONG, {}, `10.2.0.${i}`)).statusCode).toBe(401);
      }
      const limited = await passwordGrant(t, user.email, FIXTURE_PASSWORD, {}, '10.2.0.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      // another account from the same addresses is fine
      const other = await createUser(t.db, 'per-account-other');
      expect((await passwordGrant(t, other.userName, FIXTURE_PASSWORD, {}, '10.2.0.1')).statusCode).toBe(200);

      for (let i = 0; i < 3; i++) {
        expect((await passwordGrant(t, 'Ghost-Account', WRONG, {}, `10.3.0.${i}`)).statusCode).toBe(401);
      }
      const ghost = await passwordGrant(t, 'ghost-account', WRONG, {}, '10.3.0.9');
      expect(ghost.statusCode).toBe(429);
      expect(comparable(ghost).body.replace(/"requestId":"[^"]*"/, '')).toBe(
        comparable(limited).body.replace(/"requestId":"[^"]*"/, ''),
      );
    } finally {
      await t.close();
    }
  });
});
