import { describe, expect, it } from 'vitest';
import { type ErrorReason } from '@orchard/shared/core';
import { en } from '@orchard/shared/i18n';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { i18n } from './i18n';
import { NoOrganizationError } from './session/session-errors';
import { loginErrorToast } from './login-errors';

const t = i18n.t.bind(i18n);
const apiError = (status: number, message: string, body = '', reason?: ErrorReason) =>
  new ApiError({ status, code: 'UNAUTHENTICATED', message, body, ...(reason ? { reason } : {}) });

describe('loginErrorToast', () => {
  it('maps invalid_username_or_password', () => {
    expect(loginErrorToast(apiError(400, 'invalid_username_or_password', '', 'login-invalid-credentials'), t)).toEqual({
      summary: 'Unable to login',
      detail: 'Invalid username or password.',
    });
  });

  it('maps invalid_grant to the disabled text', () => {
    expect(loginErrorToast(apiError(400, 'invalid_grant', '', 'login-disabled'), t)).toEqual({
      summary: 'Unable to login',
      detail: 'This account has been disabled.',
    });
  });

  it('shows any other server message as is', () => {
    expect(loginErrorToast(apiError(429, 'Too many requests, retry in 60 seconds'), t)).toEqual({
      summary: 'Unable to login',
      detail: 'Too many requests, retry in 60 seconds',
    });
  });

  it('shows the generic text plus the response body when there is no message', () => {
    expect(loginErrorToast(apiError(500, '', '<html>Bad Gateway</html>'), t)).toEqual({
      summary: 'Unable to login',
      detail: 'An error occured whilst logging in, please try again later. <html>Bad Gateway</html>',
    });
    expect(loginErrorToast(apiError(500, ''), t).detail).toBe(en.login.genericError);
  });

  it('uses the no-network caption and detail when the server cannot be reached', () => {
    const e = new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: '' });
    expect(loginErrorToast(e, t)).toEqual({ summary: en.login.noNetworkCaption, detail: en.login.noNetworkDetail });
    expect(loginErrorToast(new TypeError('Failed to fetch'), t)).toEqual({
      summary: en.login.noNetworkCaption,
      detail: en.login.noNetworkDetail,
    });
  });

  it('explains an account without organisation', () => {
    expect(loginErrorToast(new NoOrganizationError(), t)).toEqual({
      summary: 'Unable to login',
      detail: 'This account does not belong to an organization, please contact your system administrator',
    });
  });
});
