import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES } from '@orchard/shared/account';
import { LOGIN_ERROR_MESSAGES } from '@orchard/shared/auth';
import { isErrorReason } from '@orchard/shared/core';
import { PACKHOUSE_MESSAGES } from '@orchard/shared/packhouses';
import { ROLE_MESSAGES } from '@orchard/shared/roles';
import { USER_MESSAGES } from '@orchard/shared/users';
import { changePasswordFieldText, changePasswordInvalidToast } from '../features/account/change-password-errors';
import { packhouseNameText } from '../features/packhouses/packhouse-field-text';
import { roleFieldText } from '../features/roles/role-field-text';
import { ApiError, hasReason } from '../lib/api-error';
import { parseErrorEnvelope, toApiError } from '../lib/api-client';
import { fieldReason } from '../lib/field-reason';
import { loginErrorToast } from '../lib/login-errors';

const t = ((key: string) => `t:${key}`) as never;

describe('errors by reason', () => {
  it("reads a field's reason from the server's type, else from the shared rule's constant", () => {
    expect(fieldReason({ type: 'email-invalid', message: 'any text the server chose' })).toBe('email-invalid');
    expect(fieldReason({ type: 'too_small', message: USER_MESSAGES.emailInvalid })).toBe('email-invalid');
    expect(fieldReason({ type: 'server', message: 'unknown text' })).toBeUndefined();
    expect(fieldReason(undefined)).toBeUndefined();
  });

  it('translates role, packhouse and change-password fields by reason, and keeps any other message', () => {
    expect(roleFieldText({ type: 'role-name-required', message: 'x' }, t)).toBe('t:roles.nameRequired');
    expect(roleFieldText({ message: ROLE_MESSAGES.nameLength }, t)).toBe('t:roles.nameLength');
    expect(roleFieldText({ type: 'role-name-taken', message: ROLE_MESSAGES.nameTaken }, t)).toBe(ROLE_MESSAGES.nameTaken);
    expect(roleFieldText(undefined, t)).toBe('');
    expect(packhouseNameText({ type: 'packhouse-name-required', message: PACKHOUSE_MESSAGES.nameRequired }, t)).toBe('t:packhouses.nameRequired');
    expect(packhouseNameText({ type: 'packhouse-name-taken', message: PACKHOUSE_MESSAGES.nameTaken }, t)).toBe(PACKHOUSE_MESSAGES.nameTaken);
    expect(changePasswordFieldText({ message: CHANGE_PASSWORD_MESSAGES.mismatch }, t)).toBe('t:account.mismatch');
    expect(changePasswordFieldText({ message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent }, t)).toBe('t:account.sameAsOld');
    expect(changePasswordFieldText({ message: CHANGE_PASSWORD_MESSAGES.newRequired }, t)).toBe('t:account.newRequired');
  });

  it("alerts for a refused change-password form by its fields' reasons", () => {
    expect(changePasswordInvalidToast({ confirmPassword: { message: CHANGE_PASSWORD_MESSAGES.mismatch } }, t)).toEqual({
      summary: 't:account.mismatchCaption',
      detail: 't:account.mismatch',
    });
    expect(changePasswordInvalidToast({ newPassword: { message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent } }, t)).toEqual({
      summary: 't:account.passwordMismatch',
      detail: 't:account.sameAsOld',
    });
    expect(changePasswordInvalidToast({ newPassword: { message: CHANGE_PASSWORD_MESSAGES.newRequired } }, t)).toBeNull();
  });

  it('maps the login reasons, whatever the text', () => {
    const answer = (reason: 'login-invalid-credentials' | 'login-disabled') =>
      new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'changed text', reason });
    expect(loginErrorToast(answer('login-invalid-credentials'), t).detail).toBe('t:login.invalidCredentials');
    expect(loginErrorToast(answer('login-disabled'), t).detail).toBe('t:login.disabled');
    // the texts alone no longer decide
    const textOnly = new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: LOGIN_ERROR_MESSAGES.disabled });
    expect(loginErrorToast(textOnly, t).detail).toBe(LOGIN_ERROR_MESSAGES.disabled);
  });

  const validationAnswer = {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      reason: 'request-invalid',
      details: [
        { field: 'email', message: USER_MESSAGES.emailInvalid, reason: 'email-invalid' },
        { field: 'x', message: 'y', reason: 'not-a-reason' },
      ],
    },
    requestId: 'r1',
  };

  it('reads the reasons of the envelope, with the code\'s reason when one is missing or unknown', () => {
    const envelope = parseErrorEnvelope(validationAnswer, isErrorReason);
    expect(envelope?.error.reason).toBe('request-invalid');
    expect(envelope?.error.details?.map((d) => d.reason)).toEqual(['email-invalid', 'value-invalid']);
    expect(parseErrorEnvelope({ error: { code: 'NOT_FOUND', message: 'User not found' } })?.error.reason).toBe('not-found');
    expect(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '' }).reason).toBe('network-error');
    // the sign-in route's own list alone
    expect(parseErrorEnvelope(validationAnswer)?.error.details?.map((d) => d.reason)).toEqual(['value-invalid', 'value-invalid']);
    expect(parseErrorEnvelope({ error: { code: 'UNAUTHENTICATED', message: 'x', reason: 'login-disabled' } })?.error.reason).toBe('login-disabled');
  });

  it('reads an answer against every reason when it names one beyond the sign-in route\'s', async () => {
    const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
    const error = await toApiError(answer(validationAnswer));
    expect(error.reason).toBe('request-invalid');
    expect(error.details?.map((d) => d.reason)).toEqual(['email-invalid', 'value-invalid']);
    expect(error.requestId).toBe('r1');
    const login = await toApiError(answer({ error: { code: 'UNAUTHENTICATED', message: 'invalid_grant', reason: 'login-disabled' } }));
    expect(login.reason).toBe('login-disabled');
  });

  it('finds a reason in the error or in any of its details', () => {
    const e = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      reason: 'request-invalid',
      details: [{ field: 'newPassword', message: 'x', reason: 'password-same-as-current' }],
    });
    expect(hasReason(e, 'password-same-as-current')).toBe(true);
    expect(hasReason(e, 'request-invalid')).toBe(true);
    expect(hasReason(e, 'email-invalid')).toBe(false);
    expect(hasReason(new Error('password-same-as-current'), 'password-same-as-current')).toBe(false);
  });
});
