import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES, changePasswordBodySchema } from '../account/account.js';
import { LOGIN_ERROR_MESSAGES } from '../auth/auth.js';
import { PICKING_MESSAGES, readonlyWeekMessage } from '../picking/picking.js';
import { ROLE_MESSAGES, roleBodySchema } from '../roles/roles.js';
import { USER_MESSAGES, passwordChangeIssues, updateUserBodySchema } from '../users/users.js';
import { BIN_MESSAGES } from '../harvest/harvest.js';
import { errorEnvelopeSchema } from './errors.js';
import { PLEASE_SELECT_A_PACKHOUSE } from '../picking/rules.js';
import { ERROR_REASONS, isErrorReason, MESSAGE_REASONS, reasonOf } from './reasons.js';
import { LOGIN_ERROR_REASONS } from '../auth/auth-errors.js';
import { ERROR_CODE_REASONS, isSignInReason, NETWORK_ERROR_REASON, SERVER_REASONS } from '../auth/sign-in-reasons.js';

describe('error reasons', () => {
  it('gives every message constant the key declared for it; identical texts are one rule with one key', () => {
    for (const [message, reason] of MESSAGE_REASONS) {
      if (typeof message === 'string') expect(reasonOf(message), message).toBe(reason);
    }
  });

  it('knows messages with their values filled in', () => {
    expect(reasonOf(USER_MESSAGES.userNameTaken('thandi'))).toBe('user-name-taken');
    expect(reasonOf(USER_MESSAGES.roleNotAssignable('Admin'))).toBe('role-not-assignable');
    expect(reasonOf(BIN_MESSAGES.notEnoughUntipped(3))).toBe('bin-not-enough-untipped');
    expect(reasonOf(readonlyWeekMessage(2026, 12))).toBe('picking-week-readonly');
    expect(reasonOf(PICKING_MESSAGES.invalidWeek.replace('{week}', '53').replace('{year}', '2026'))).toBe('picking-week-invalid');
  });

  it('keys a few rules as the screens expect them', () => {
    expect(reasonOf(USER_MESSAGES.emailInvalid)).toBe('email-invalid');
    expect(reasonOf(CHANGE_PASSWORD_MESSAGES.mismatch)).toBe('password-mismatch');
    expect(reasonOf(USER_MESSAGES.passwordMismatch)).toBe('password-mismatch');
    expect(reasonOf(LOGIN_ERROR_MESSAGES.invalidCredentials)).toBe('login-invalid-credentials');
    expect(reasonOf(PLEASE_SELECT_A_PACKHOUSE)).toBe('packhouse-not-selected');
    expect(reasonOf(ROLE_MESSAGES.lastFullMember)).toBe('last-full-member');
  });

  it('has no key for a text no rule declares', () => {
    expect(reasonOf('Something else')).toBeUndefined();
    expect(reasonOf(undefined)).toBeUndefined();
    expect(isErrorReason('email-invalid')).toBe(true);
    expect(isErrorReason('Please enter a valid email address')).toBe(false);
  });

  it('lists each reason once, and the envelope accepts only listed reasons', () => {
    expect(new Set(ERROR_REASONS).size).toBe(ERROR_REASONS.length);
    const envelope = { error: { code: 'CONFLICT', message: 'x', reason: 'conflict' }, requestId: 'r' };
    expect(errorEnvelopeSchema.safeParse(envelope).success).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ ...envelope, error: { ...envelope.error, reason: 'nope' } }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ ...envelope, error: { code: 'CONFLICT', message: 'x' } }).success).toBe(false);
  });

  it("keys the shared validators' issues, keeping their texts", () => {
    const roleIssue = roleBodySchema.safeParse({ name: '', permissions: [] }).error?.issues[0];
    expect(roleIssue?.message).toBe(ROLE_MESSAGES.nameRequired);
    expect(reasonOf(roleIssue?.message)).toBe('role-name-required');

    const account = changePasswordBodySchema.safeParse({ currentPassword: 'same-1', newPassword: 'same-1', confirmPassword: 'other-1' });
    expect(account.error?.issues.map((i) => [i.message, reasonOf(i.message)])).toEqual([
      [CHANGE_PASSWORD_MESSAGES.mismatch, 'password-mismatch'],
      [CHANGE_PASSWORD_MESSAGES.sameAsCurrent, 'password-same-as-current'],
    ]);

    expect(passwordChangeIssues({ currentPassword: 'old-one', newPassword: 'old-one', confirmPassword: 'x' })).toEqual([
      { field: 'newPassword', message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent, reason: 'password-same-as-current' },
      { field: 'confirmPassword', message: USER_MESSAGES.passwordMismatch, reason: 'password-mismatch' },
    ]);
    const update = updateUserBodySchema.safeParse({ version: 1, userName: 'ab', email: 'a@b.test', newPassword: '12', confirmPassword: '12' });
    const custom = update.error?.issues.find((i) => i.path[0] === 'newPassword');
    expect(custom).toMatchObject({ message: USER_MESSAGES.newPasswordMin, params: { reason: 'new-password-too-short' } });
  });

  it("names the sign-in route's reasons (sign-in-reasons.ts) as reasons of the whole list, and tells others apart", () => {
    const signIn = [...Object.values(ERROR_CODE_REASONS), ...SERVER_REASONS, ...Object.values(LOGIN_ERROR_REASONS), NETWORK_ERROR_REASON];
    for (const reason of signIn) {
      expect(isSignInReason(reason)).toBe(true);
      expect(ERROR_REASONS).toContain(reason);
    }
    const others = ERROR_REASONS.filter((reason) => !signIn.includes(reason as never));
    expect(others.length).toBeGreaterThan(0);
    for (const reason of others) expect(isSignInReason(reason)).toBe(false);
    expect(isSignInReason(undefined)).toBe(false);
  });
});
