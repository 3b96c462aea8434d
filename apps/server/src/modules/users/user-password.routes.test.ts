/**
 * Changing your own password in the user editor's save (docs/domain.md, Own password):
 * PUT /api/users/:id with currentPassword, newPassword and confirmPassword.
 */
import { CHANGE_PASSWORD_MESSAGES } from '@orchard/shared/account';
import { AUTH_PATHS, REFRESH_COOKIE } from '@orchard/shared/auth';
import { reasonOf, PERMISSIONS } from '@orchard/shared/core';
import { USER_MESSAGES, type User } from '@orchard/shared/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { addMember, createOrganization, createRole, createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';

describe('users API: changing your own password with the profile save', () => {
  let t: TestApp;
  let org: number;
  let roleManager: number;
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    org = (await createOrganization(t.db, 'Password Org')).id;
    roleManager = (
      await createRole(t.db, org, 'Manager', [PERMISSIONS.usersView, PERMISSIONS.usersManage, PERMISSIONS.rolesView, PERMISSIONS.rolesAssign])
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function member(roleIds: number[] = [], password?: string) {
    const user = await createUser(t.db, unique('pw-user'), password ? { password } : {});
    await addMember(t.db, user.id, org, roleIds);
    return user;
  }

  async function read(asUserId: number, userId: number): Promise<User> {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: await t.headersFor(asUserId, org) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** The save body the editor sends for this user, with the given changes. */
  const saveBody = (user: User, changes: Record<string, unknown>) => ({
    version: user.version,
    userName: user.userName,
    email: user.email,
    fullName: user.fullName,
    jobTitle: user.jobTitle,
    phoneNumber: user.phoneNumber,
    ...changes,
  });

  async function save(asUserId: number, userId: number, body: object, cookie?: string) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}`,
      headers: { ...(await t.headersFor(asUserId, org)), ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  }

  const refresh = (cookie: string) =>
    t.app.inject({ method: 'POST', url: AUTH_PATHS.token, headers: { cookie }, payload: { grant_type: 'refresh_token' } });

  const canSignIn = async (userName: string, password: string) => {
    try {
      await signIn(t.app, userName, password, { remoteAddress: `10.9.${n % 250}.${++n % 250}` });
      return true;
    } catch {
      return false;
    }
  };

  it.each([
    ['no current password', { newPassword: 'Next-Pass-2', confirmPassword: 'Next-Pass-2' }, 'currentPassword', CHANGE_PASSWORD_MESSAGES.currentRequired],
    ['an empty current password', { currentPassword: '', newPassword: 'Next-Pass-2', confirmPassword: 'Next-Pass-2' }, 'currentPassword', CHANGE_PASSWORD_MESSAGES.currentRequired],
    ['an empty new password', { currentPassword: FIXTURE_PASSWORD, newPassword: '', confirmPassword: '' }, 'newPassword', USER_MESSAGES.newPasswordMin],
    ['a new password under 6 characters', { currentPassword: FIXTURE_PASSWORD, newPassword: 'Ab1-x', confirmPassword: 'Ab1-x' }, 'newPassword', USER_MESSAGES.newPasswordMin],
    ['no confirmation', { currentPassword: FIXTURE_PASSWORD, newPassword: 'Next-Pass-2' }, 'confirmPassword', USER_MESSAGES.confirmPasswordRequired],
    ['a confirmation unlike the new password', { currentPassword: FIXTURE_PASSWORD, newPassword: 'Next-Pass-2', confirmPassword: 'Next-Pass-3' }, 'confirmPassword', USER_MESSAGES.passwordMismatch],
    ['a new password equal to the current one', { currentPassword: FIXTURE_PASSWORD, newPassword: FIXTURE_PASSWORD, confirmPassword: FIXTURE_PASSWORD }, 'newPassword', CHANGE_PASSWORD_MESSAGES.sameAsCurrent],
  ])('refuses %s (400, %s "%s") and saves nothing', async (_case, passwords, field, message) => {
    const user = await member();
    const before = await read(user.id, user.id);
    const res = await save(user.id, user.id, saveBody(before, { fullName: 'Changed Name', ...passwords }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details).toContainEqual({ field, message, reason: reasonOf(message) });
    const after = await read(user.id, user.id);
    expect(after.version).toBe(before.version);
    expect(after.fullName).toBe(before.fullName);
    expect(await canSignIn(user.userName, FIXTURE_PASSWORD)).toBe(true);
  });

  it('refuses a wrong current password with the account contract, and keeps the profile and the password', async () => {
    const user = await member();
    const before = await read(user.id, user.id);
    const res = await save(
      user.id,
      user.id,
      saveBody(before, { fullName: 'Changed Name', currentPassword: 'Not-The-One', newPassword: 'Next-Pass-2', confirmPassword: 'Next-Pass-2' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: CHANGE_PASSWORD_MESSAGES.incorrect,
      reason: 'password-incorrect',
      details: [{ field: 'currentPassword', message: CHANGE_PASSWORD_MESSAGES.currentIncorrect, reason: 'current-password-incorrect' }],
    });
    const after = await read(user.id, user.id);
    expect(after.version).toBe(before.version);
    expect(after.fullName).toBe(before.fullName);
    expect(await canSignIn(user.userName, 'Next-Pass-2')).toBe(false);
    expect(await canSignIn(user.userName, FIXTURE_PASSWORD)).toBe(true);
  });

  it('saves the profile and the new password together; the old password stops working and other sessions end', async () => {
    const user = await member([], 'Old-Pass-1');
    const here = await signIn(t.app, user.userName, 'Old-Pass-1', { remoteAddress: '10.8.0.1' });
    const elsewhere = await signIn(t.app, user.userName, 'Old-Pass-1', { remoteAddress: '10.8.0.2' });
    const before = await read(user.id, user.id);

    const res = await save(
      user.id,
      user.id,
      saveBody(before, { jobTitle: 'Packer', currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2', confirmPassword: 'New-Pass-2' }),
      here.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<User>();
    expect(saved.jobTitle).toBe('Packer');
    expect(saved.version).toBe(before.version + 1);
    // the passwords are not part of the answer
    expect(saved).not.toHaveProperty('newPassword');
    expect(res.body).not.toContain('New-Pass-2');
    // the presented session stays, so no replacement cookie
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);
    expect(await canSignIn(user.userName, 'Old-Pass-1')).toBe(false);
    expect(await canSignIn(user.userName, 'New-Pass-2')).toBe(true);
  });

  it("without the refresh cookie every other session ends and the access token's own session is kept", async () => {
    const user = await member([], 'Old-Pass-1');
    const one = await signIn(t.app, user.userName, 'Old-Pass-1', { remoteAddress: '10.8.1.1' });
    const before = await read(user.id, user.id);
    const res = await save(
      user.id,
      user.id,
      saveBody(before, { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2', confirmPassword: 'New-Pass-2' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    expect((await refresh(one.cookie)).statusCode).toBe(401);
  });

  it("refuses a manager's new password for another user (403) and leaves that user's password alone", async () => {
    const manager = await member([roleManager]);
    const other = await member();
    const before = await read(manager.id, other.id);
    const res = await save(
      manager.id,
      other.id,
      saveBody(before, { currentPassword: FIXTURE_PASSWORD, newPassword: 'Chosen-Pass-1', confirmPassword: 'Chosen-Pass-1' }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(USER_MESSAGES.passwordOnlySelf);
    expect((await read(manager.id, other.id)).version).toBe(before.version);
    expect(await canSignIn(other.userName, 'Chosen-Pass-1')).toBe(false);
    expect(await canSignIn(other.userName, FIXTURE_PASSWORD)).toBe(true);
  });

  it('a save without a new password leaves the password alone, whatever else is sent', async () => {
    const user = await member();
    const before = await read(user.id, user.id);
    const res = await save(user.id, user.id, saveBody(before, { fullName: 'Only The Name', currentPassword: 'anything' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().fullName).toBe('Only The Name');
    expect(await canSignIn(user.userName, FIXTURE_PASSWORD)).toBe(true);
  });

  it('limits password-changing saves per user (429 after 10 a minute) while other saves go on', async () => {
    const user = await member();
    const before = await read(user.id, user.id);
    const wrong = { currentPassword: 'Not-The-One', newPassword: 'Next-Pass-2', confirmPassword: 'Next-Pass-2' };
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await save(user.id, user.id, saveBody(before, wrong))).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes[10]).toBe(429);
    const plain = await save(user.id, user.id, saveBody(before, { fullName: 'Still Saving' }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<User>().fullName).toBe('Still Saving');
  });
});
