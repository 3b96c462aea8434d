import { describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@orchard/shared/auth';
import { AUTH_ENDPOINTS } from './auth-paths';

describe('AUTH_ENDPOINTS', () => {
  it('matches the shared contract', () => {
    expect(AUTH_ENDPOINTS).toEqual(AUTH_PATHS);
  });
});
