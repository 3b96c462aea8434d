import { describe, expect, it } from 'vitest';
import {
  ERROR_CODE_REASONS as SHARED_ERROR_CODE_REASONS,
  ERROR_REASONS,
  LOGIN_ERROR_REASONS as SHARED_LOGIN_ERROR_REASONS,
  NETWORK_ERROR_REASON as SHARED_NETWORK_ERROR_REASON,
  SERVER_REASONS as SHARED_SERVER_REASONS,
} from '@orchard/shared';
import { ERROR_CODE_REASONS, isSignInReason, LOGIN_ERROR_REASONS, NETWORK_ERROR_REASON, SERVER_REASONS } from './sign-in-reasons';

describe('sign-in reasons', () => {
  it('match the shared contract', () => {
    expect(ERROR_CODE_REASONS).toEqual(SHARED_ERROR_CODE_REASONS);
    expect(NETWORK_ERROR_REASON).toBe(SHARED_NETWORK_ERROR_REASON);
    expect(SERVER_REASONS).toEqual(SHARED_SERVER_REASONS);
    expect(LOGIN_ERROR_REASONS).toEqual(SHARED_LOGIN_ERROR_REASONS);
  });

  it('are reasons of the whole list, and tell others apart', () => {
    for (const reason of [...Object.values(ERROR_CODE_REASONS), ...SERVER_REASONS, ...Object.values(LOGIN_ERROR_REASONS), NETWORK_ERROR_REASON]) {
      expect(isSignInReason(reason)).toBe(true);
      expect(ERROR_REASONS).toContain(reason);
    }
    expect(isSignInReason('email-invalid')).toBe(false);
    expect(isSignInReason(undefined)).toBe(false);
  });
});
