import { ACCOUNT_PATHS, CHANGE_PASSWORD_MESSAGES } from '@orchard/shared/account';
import { AUTH_PATHS, REFRESH_COOKIE } from '@orchard/shared/auth';
import { reasonOf } from '@orchard/shared/core';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { FIXTURE_PASSWORD, createUser } from '../../../test/helpers/fixtures';
import { refreshTokens } from '../../db/schema/index';

describe('account: change own password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const change = async (userId: number, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.password,
      headers: { ...(await t.bearer(userId)), ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });
  const details = (res: { json(): unknown }) => (res.json() as { error: { details?: unknown[] } }).error.details;
  const refresh = (cookie: string) =>
    t.app.inject({ method: 'POST', url: AUTH_PATHS.token, headers: { cookie }, payload: { grant_type: 'refresh_token' } });

  it.each([
    [{ newPassword: 'secret-2', confirmPassword: 'secret-2' }, 'currentPassword', CHANGE_PASSWORD_MESSAGES.currentRequired],
    [{ currentPassword: '', newPassword: 'secret-2', confirmPassword: 'secret-2' }, 'currentPassword', CHANGE_PASSWORD_MESSAGES.currentRequired],
    [{ currentPassword: 'x', confirmPassword: 'secret-2' }, 'newPassword', CHANGE_PASSWORD_MESSAGES.newRequired],
    [{ currentPassword: 'x', newPassword: '12345', confirmPassword: '12345' }, 'newPassword', CHANGE_PASSWORD_MESSAGES.newRequired],
    [{ currentPassword: 'x', newPassword: 'secret-2' }, 'confirmPassword', CHANGE_PASSWORD_MESSAGES.confirmRequired],
    [{ currentPassword: 'x', newPassword: 'secret-2', confirmPassword: 'secret-3' }, 'confirmPassword', CHANGE_PASSWORD_MESSAGES.mismatch],
    [{ currentPassword: 'same-one', newPassword: 'same-one', confirmPassword: 'same-one' }, 'newPassword', CHANGE_PASSWORD_MESSAGES.sameAsCurrent],
  ])('rejects %j: %s "%s"', async (payload, field, message) => {
    const user = await createUser(t.db, `pw-rule-${Math.random().toString(36).slice(2, 8)}`);
    const res = await change(user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(details(res)).toContainEqual({ field, message, reason: reasonOf(message) });
  });

  it('rejects a wrong current password with its contract, and keeps the old password', async () => {
    const user = await createUser(t.db, 'pw-wrong');
    const res = await change(user.id, { currentPassword: 'not-it', newPassword: 'secret-22', confirmPassword: 'secret-22' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: CHANGE_PASSWORD_MESSAGES.incorrect,
      reason: 'password-incorrect',
      details: [{ field: 'currentPassword', message: CHANGE_PASSWORD_MESSAGES.currentIncorrect, reason: 'current-password-incorrect' }],
    });
    await signIn(t.app, 'pw-wrong', FIXTURE_PASSWORD);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.password,
      payload: { currentPassword: 'a', newPassword: 'secret-2', confirmPassword: 'secret-2' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password (204): the old one stops working, the new one works, other sessions end, this one stays', async () => {
    await createUser(t.db, 'pw-change', { password: 'Old-Pass-1' });
    const here = await signIn(t.app, 'pw-change', 'Old-Pass-1', { remoteAddress: '10.0.0.1' });
    const elsewhere = await signIn(t.app, 'pw-change', 'Old-Pass-1', { remoteAddress: '10.0.0.2' });
    const userId = here.response.json<{ user_id: number }>().user_id;

    const res = await change(userId, { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2', confirmPassword: 'New-Pass-2' }, here.cookie);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    // the presented session is kept, so no replacement cookie is needed
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();

    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    await expect(signIn(t.app, 'pw-change', 'Old-Pass-1', { remoteAddress: '10.0.0.3' })).rejects.toThrow(/401/);
    await signIn(t.app, 'pw-change', 'New-Pass-2', { remoteAddress: '10.0.0.3' });
  });

  it('without the refresh cookie (the browser scopes it to /connect) the session of the access token is kept and every other ends', async () => {
    await createUser(t.db, 'pw-nocookie', { password: 'Old-Pass-1' });
    const one = await signIn(t.app, 'pw-nocookie', 'Old-Pass-1', { rememberMe: true, remoteAddress: '10.0.1.1' });
    const two = await signIn(t.app, 'pw-nocookie', 'Old-Pass-1', { remoteAddress: '10.0.1.2' });
    const userId = one.response.json<{ user_id: number }>().user_id;

    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.password,
      headers: { authorization: `Bearer ${one.accessToken}` },
      payload: { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2', confirmPassword: 'New-Pass-2' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    expect((await refresh(two.cookie)).statusCode).toBe(401);
    expect((await refresh(one.cookie)).statusCode).toBe(200);
    const live = await t.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), isNull(refreshTokens.replacedAt)));
    expect(live).toHaveLength(1);
  });
});
