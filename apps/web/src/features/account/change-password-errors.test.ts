import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES } from '@orchard/shared/account';
import { en } from '@orchard/shared/i18n';
import { ApiError, NETWORK_ERROR_CODE } from '../../lib/api-error';
import { i18n } from '../../lib/i18n';
import { changePasswordErrorToast } from './change-password-errors';

const t = i18n.t.bind(i18n);

describe('change-password failures', () => {
  it('shows an incorrect current password with the login mapping: Unable to login, Invalid username or password (8.1)', () => {
    const e = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: CHANGE_PASSWORD_MESSAGES.incorrect,
      reason: 'password-incorrect',
      details: [{ field: 'currentPassword', message: CHANGE_PASSWORD_MESSAGES.currentIncorrect, reason: 'current-password-incorrect' }],
    });
    expect(changePasswordErrorToast(e, t)).toEqual({ summary: 'Unable to login', detail: en.login.invalidCredentials });
    expect(changePasswordErrorToast(e, t).summary).not.toBe(en.account.passwordMismatch);
  });

  it('uses the login mapping under "Unable to login" otherwise, and the no-network message offline', () => {
    expect(changePasswordErrorToast(new ApiError({ status: 500, code: 'INTERNAL', message: 'Boom' }), t)).toEqual({
      summary: 'Unable to login',
      detail: 'Boom',
    });
    expect(changePasswordErrorToast(new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: '' }), t)).toEqual({
      summary: en.login.noNetworkCaption,
      detail: en.login.noNetworkDetail,
    });
  });

  it("keeps the product's texts verbatim", () => {
    expect(en.account.mismatchCaption).toBe('Passwword mismatch');
    expect(en.account.changingPassword).toBe('Changing Password...');
    expect(en.account.currentRequiredAlert).toBe('Please enter the current password');
  });
});
