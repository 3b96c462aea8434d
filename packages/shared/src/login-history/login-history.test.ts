import { describe, expect, it } from 'vitest';
import { loginHistoryFileName, loginHistoryQuerySchema, loginHistorySearch } from './login-history.js';

describe('loginHistorySearch', () => {
  const options = { areas: [1, 2, 3], roles: [10, 11] };
  it.each([
    ['everything selected: no parameters', { areas: [3, 1, 2], roles: [11, 10] }, ''],
    ['some areas: repeated areas', { areas: [1, 3], roles: [10, 11] }, '?areas=1&areas=3'],
    ['one role', { areas: [1, 2, 3], roles: [11] }, '?roles=11'],
    ['both narrowed', { areas: [2], roles: [10] }, '?areas=2&roles=10'],
    ['no area selected: nothing to ask', { areas: [], roles: [10] }, null],
    ['no role selected: nothing to ask', { areas: [1], roles: [] }, null],
  ])('%s', (_name, selected, expected) => {
    expect(loginHistorySearch(selected, options)).toBe(expected);
  });

  it('an organisation without areas (no farms) asks without an area restriction', () => {
    expect(loginHistorySearch({ areas: [], roles: [10] }, { areas: [], roles: [10, 11] })).toBe('?roles=10');
  });
});

describe('loginHistoryQuerySchema', () => {
  it('reads repeated and comma-separated parameters, and absent ones as no restriction', () => {
    expect(loginHistoryQuerySchema.parse({ areas: ['1', '2'], roles: '3,4' })).toEqual({ areas: [1, 2], roles: [3, 4] });
    expect(loginHistoryQuerySchema.parse({})).toEqual({ areas: undefined, roles: undefined });
    expect(loginHistoryQuerySchema.safeParse({ areas: 'x' }).success).toBe(false);
    expect(loginHistoryQuerySchema.safeParse({ roles: '0' }).success).toBe(false);
    expect(loginHistoryQuerySchema.safeParse({ roles: Array.from({ length: 501 }, (_, i) => String(i + 1)) }).success).toBe(false);
  });
});

describe('loginHistoryFileName', () => {
  it('is LoginHistory plus the yyyy-MM-dd-HH-mm-ss timestamp of the business time zone', () => {
    // 03:06:07 UTC is 05:06:07 in the business time zone
    expect(loginHistoryFileName(new Date(Date.UTC(2026, 2, 4, 3, 6, 7)))).toBe('LoginHistory-2026-03-04-05-06-07.csv');
  });
});
