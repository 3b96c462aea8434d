import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Johan van der Merwe')).toBe('JM');
    expect(initials('  thandi   nkosi ')).toBe('TN');
  });
  it('one word gives one letter; no full name falls back to the user name, then to ?', () => {
    expect(initials('Cher')).toBe('C');
    expect(initials('', 'scout')).toBe('S');
    expect(initials(null, '  ')).toBe('?');
    expect(initials(undefined)).toBe('?');
  });
  it('keeps whole characters', () => {
    expect(initials('Élise Ødegård')).toBe('ÉØ');
    expect(initials('𝒜lex Smith')).toBe('𝒜S');
  });
});
