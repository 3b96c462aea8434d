import { AUTH_PATHS } from '@orchard/shared/auth';
import { reasonOf, PERMISSIONS } from '@orchard/shared/core';
import { USER_MESSAGES } from '@orchard/shared/users';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { addMember, createOrganization, createRole, createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';
import { mailOutbox, notifications, passwordResetTokens, users } from '../../db/schema/index';
import { PASSWORD_RESET_RATE_LIMIT } from './password-reset.routes';
import { hashResetToken } from './password-reset.service';

describe('password reset by link', () => {
  let t: TestApp;
  let orgA: number;
  let admin: number;
  let viewer: number;
  let n = 0;
  let address = 0;
  const ip = () => `10.2.0.${++address}`;

  const newMember = async (extra: Parameters<typeof createUser>[2] = {}) => {
    const user = await createUser(t.db, `reset-user-${++n}`, extra);
    await addMember(t.db, user.id, orgA);
    return user;
  };
  const requestReset = async (who: number, userId: number, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/password-reset`,
      headers: await t.headersFor(who, orgA),
      ...(payload === undefined ? {} : { payload }),
    });
  /** the token out of the newest mail to the address, as the user's mail program would show it */
  const tokenMailedTo = async (email: string) => {
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    const match = /https:\/\/orchard\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody);
    expect(match, mail!.textBody).not.toBeNull();
    return decodeURIComponent(match![1]!);
  };
  const complete = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/password-resets', payload, remoteAddress: ip() });
  const check = (token: string) => t.app.inject({ method: 'GET', url: `/api/password-resets/${token}`, remoteAddress: ip() });

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://orchard.example' });
    orgA = (await createOrganization(t.db, 'Reset Org A')).id;
    const resetters = await createRole(t.db, orgA, 'Resetters', [PERMISSIONS.usersResetPassword, PERMISSIONS.usersView, PERMISSIONS.usersManage]);
    const viewers = await createRole(t.db, orgA, 'Viewers', [PERMISSIONS.usersView]);
    admin = (await createUser(t.db, 'reset-admin')).id;
    viewer = (await createUser(t.db, 'reset-viewer')).id;
    await addMember(t.db, admin, orgA, [resetters.id]);
    await addMember(t.db, viewer, orgA, [viewers.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails a one-time link end to end: the link sets a new password once, lifts the lockout and ends sessions', async () => {
    const user = await newMember({ fullName: 'Thandi Reset' });
    const session = await signIn(t.app, user.userName, FIXTURE_PASSWORD, { remoteAddress: ip() });
    await t.db.update(users).set({ lockoutEnd: new Date(Date.now() + 3_600_000), failedLoginCount: 2 }).where(eq(users.id, user.id));

    const res = await requestReset(admin, user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: user.email });
    expect(USER_MESSAGES.resetEmailSent(res.json().email)).toBe(`Password change email has been sent to ${user.email}`);

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mail!.subject).toContain('reset your password');
    expect(mail!.textBody).toContain('Hello Thandi Reset,');
    expect(mail!.sentAt).toBeNull(); // no SMTP configured: it stays in the outbox
    const token = await tokenMailedTo(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // only the SHA-256 is stored, expiring in 24 hours
    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashResetToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    const hours = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().userName).toBe(user.userName);

    const done = await complete({ token, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(done.statusCode, done.body).toBe(204);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.failedLoginCount).toBe(0);
    expect(row!.lockoutEnd).toBeNull();
    await signIn(t.app, user.userName, 'brand-new-1', { remoteAddress: ip() });
    await expect(signIn(t.app, user.userName, FIXTURE_PASSWORD, { remoteAddress: ip() })).rejects.toThrow(/401/);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.token,
      payload: { grant_type: 'refresh_token' },
      headers: { cookie: session.cookie },
      remoteAddress: ip(),
    });
    expect(refreshed.statusCode).toBe(401);

    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((x) => x.header)).toEqual(['Your password was reset']);

    // single use
    const again = await complete({ token, newPassword: 'another-one', confirmPassword: 'another-one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: USER_MESSAGES.resetLinkInvalid });
    expect((await check(token)).statusCode).toBe(404);
    await signIn(t.app, user.userName, 'brand-new-1', { remoteAddress: ip() });
  });

  it('a newer link invalidates the earlier unused one', async () => {
    const user = await newMember();
    await requestReset(admin, user.id);
    const first = await tokenMailedTo(user.email);
    await requestReset(admin, user.id);
    const second = await tokenMailedTo(user.email);
    expect(second).not.toBe(first);
    expect((await check(first)).statusCode).toBe(404);
    expect((await complete({ token: first, newPassword: 'secret-9', confirmPassword: 'secret-9' })).statusCode).toBe(400);
    expect((await check(second)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await newMember();
    const token = 'expired-token-value-0123456789';
    await t.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() - 1000) });
    expect((await check(token)).statusCode).toBe(404);
    const res = await complete({ token, newPassword: 'secret-9', confirmPassword: 'secret-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'token', message: USER_MESSAGES.resetLinkInvalid, reason: 'reset-link-invalid' }]);
    await signIn(t.app, user.userName, FIXTURE_PASSWORD, { remoteAddress: ip() });
  });

  it("checks the new password rules with the product's messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ newPassword: '12345', confirmPassword: '12345' }, 'newPassword', USER_MESSAGES.newPasswordMin],
      [{ confirmPassword: 'abcdef' }, 'newPassword', USER_MESSAGES.newPasswordMin],
      [{ newPassword: 'abcdef' }, 'confirmPassword', USER_MESSAGES.confirmPasswordRequired],
      [{ newPassword: 'abcdef', confirmPassword: '' }, 'confirmPassword', USER_MESSAGES.confirmPasswordRequired],
      [{ newPassword: 'abcdef', confirmPassword: 'abcdeg' }, 'confirmPassword', USER_MESSAGES.passwordMismatch],
    ];
    for (const [body, field, message] of cases) {
      const res = await complete({ token: 'whatever', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details, JSON.stringify(body)).toEqual([{ field, message, reason: reasonOf(message) }]);
    }
    expect(USER_MESSAGES.passwordMismatch).toBe('New password and confirmation password do not match');
  });

  it('never lets the administrator choose the password', async () => {
    const user = await newMember();
    const res = await requestReset(admin, user.id, { password: 'chosen-by-admin', newPassword: 'chosen-by-admin' });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: await t.headersFor(admin, orgA) });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: await t.headersFor(admin, orgA),
      payload: { version: me.json().version, userName: user.userName, email: user.email, password: 'chosen-by-admin' },
    });
    // the save schema has no password: the field is dropped, the password stays
    expect(saved.statusCode, saved.body).toBe(200);
    await expect(signIn(t.app, user.userName, 'chosen-by-admin', { remoteAddress: ip() })).rejects.toThrow(/401/);
    await signIn(t.app, user.userName, FIXTURE_PASSWORD, { remoteAddress: ip() });
  });

  it('needs users.resetPassword and a member of the organisation', async () => {
    const user = await newMember();
    const denied = await requestReset(viewer, user.id);
    expect(denied.statusCode).toBe(403);
    const outsider = await createUser(t.db, 'reset-outsider');
    expect((await requestReset(admin, outsider.id)).statusCode).toBe(404);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, outsider.email))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).toEqual([]);
  });

  it('rate limits the public endpoints per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PASSWORD_RESET_RATE_LIMIT; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/password-resets/unknown-token', remoteAddress: '10.9.9.9' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, PASSWORD_RESET_RATE_LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/password-resets',
      payload: { token: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      remoteAddress: '10.9.9.9',
    });
    expect(post.statusCode).toBe(429);
    expect(post.json().error.code).toBe('RATE_LIMITED');
  });
});
