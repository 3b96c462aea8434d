import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES } from '../account/account.js';
import {
  USER_MESSAGES,
  completePasswordResetBodySchema,
  createUserBodySchema,
  passwordChangeIssues,
  updateUserBodySchema,
  userFormSchema,
  userMatchesSearch,
} from './users.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('user form rules', () => {
  const base = { userName: 'thandi', email: 'thandi@example.test', password: 'secret1', roleIds: [1] };

  it("gives one message per field, the product's text", () => {
    expect(messages(createUserBodySchema.safeParse({ ...base, userName: 'a' }))).toEqual([['userName', USER_MESSAGES.userName]]);
    expect(messages(createUserBodySchema.safeParse({ ...base, email: '' }))).toEqual([['email', USER_MESSAGES.emailRequired]]);
    expect(messages(createUserBodySchema.safeParse({ ...base, email: 'x@' }))).toEqual([['email', USER_MESSAGES.emailInvalid]]);
    expect(messages(createUserBodySchema.safeParse({ ...base, roleIds: [] }))).toEqual([['roleIds', USER_MESSAGES.rolesRequired]]);
    expect(messages(createUserBodySchema.safeParse({ ...base, password: '' }))).toEqual([['password', USER_MESSAGES.passwordRequired]]);
    expect(messages(createUserBodySchema.safeParse({ ...base, password: '12345' }))).toEqual([['password', USER_MESSAGES.newPasswordMin]]);
  });

  it('trims, defaults a new user to enabled and turns blank optional text into null', () => {
    const parsed = createUserBodySchema.parse({ ...base, userName: '  thandi  ', fullName: '  ', jobTitle: 'Scout' });
    expect(parsed).toMatchObject({ userName: 'thandi', fullName: null, jobTitle: 'Scout', isEnabled: true });
  });

  it('requires roles only when the editor may assign them, and a password only for a new user', () => {
    const edit = { userName: 'thandi', email: 'thandi@example.test', isEnabled: true };
    expect(userFormSchema({ isNew: false, canAssignRoles: false }).safeParse(edit).success).toBe(true);
    expect(messages(userFormSchema({ isNew: false, canAssignRoles: true }).safeParse(edit))).toEqual([
      ['roleIds', USER_MESSAGES.rolesRequired],
    ]);
    expect(messages(userFormSchema({ isNew: true, canAssignRoles: false }).safeParse(edit))).toEqual([
      ['password', USER_MESSAGES.passwordRequired],
    ]);
  });

  it('checks the reset password confirmation', () => {
    const result = completePasswordResetBodySchema.safeParse({ token: 't', newPassword: 'abcdef', confirmPassword: 'abcdeF' });
    expect(messages(result)).toEqual([['confirmPassword', 'New password and confirmation password do not match']]);
  });
});

describe('userMatchesSearch', () => {
  const user = {
    userName: 'thandi.m',
    fullName: 'Thandi Mokoena',
    email: 'thandi@citrus.example',
    phoneNumber: '082 555 0101',
    jobTitle: 'Scout',
    roles: ['Field Manager'],
  };
  it.each([['THANDI'], ['mokoena'], ['citrus.example'], ['555 01'], ['scout'], ['field man'], ['  '], ['']])('matches %j', (text) => {
    expect(userMatchesSearch(user, text)).toBe(true);
  });
  it('does not match other text, and skips empty fields', () => {
    expect(userMatchesSearch(user, 'packhouse')).toBe(false);
    expect(userMatchesSearch({ ...user, fullName: null, phoneNumber: null, jobTitle: null, roles: [] }, 'scout')).toBe(false);
  });
});

describe('changing your own password in the user save', () => {
  const save = { version: 3, userName: 'thandi', email: 'thandi@example.test' };

  it('applies no password rule while no new password is sent', () => {
    expect(passwordChangeIssues({})).toEqual([]);
    expect(passwordChangeIssues({ currentPassword: 'x', confirmPassword: 'y' })).toEqual([]);
    expect(updateUserBodySchema.safeParse({ ...save, currentPassword: 'x' }).success).toBe(true);
  });

  it.each([
    [{ newPassword: 'secret-2', confirmPassword: 'secret-2' }, [['currentPassword', CHANGE_PASSWORD_MESSAGES.currentRequired]]],
    [{ currentPassword: 'old-one', newPassword: '', confirmPassword: '' }, [
      ['newPassword', USER_MESSAGES.newPasswordMin],
      ['confirmPassword', USER_MESSAGES.confirmPasswordRequired],
    ]],
    [{ currentPassword: 'old-one', newPassword: '12345', confirmPassword: '12345' }, [['newPassword', USER_MESSAGES.newPasswordMin]]],
    [{ currentPassword: 'old-one', newPassword: 'secret-2' }, [['confirmPassword', USER_MESSAGES.confirmPasswordRequired]]],
    [{ currentPassword: 'old-one', newPassword: 'secret-2', confirmPassword: 'secret-3' }, [['confirmPassword', USER_MESSAGES.passwordMismatch]]],
    [{ currentPassword: 'old-one', newPassword: 'old-one', confirmPassword: 'old-one' }, [['newPassword', CHANGE_PASSWORD_MESSAGES.sameAsCurrent]]],
  ])('%j gives %j', (passwords, expected) => {
    expect(messages(updateUserBodySchema.safeParse({ ...save, ...passwords }))).toEqual(expected);
  });

  it('accepts a complete change', () => {
    const parsed = updateUserBodySchema.parse({ ...save, currentPassword: 'old-one', newPassword: 'secret-2', confirmPassword: 'secret-2' });
    expect(parsed).toMatchObject({ currentPassword: 'old-one', newPassword: 'secret-2', confirmPassword: 'secret-2' });
  });
});
