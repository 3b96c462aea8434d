import { describe, expect, it } from 'vitest';
import { passwordStrength, type PasswordStrength } from './password-strength.js';

const cases: [string, PasswordStrength | null, string][] = [
  ['', null, 'nothing typed'],
  ['a', 'weak', 'one letter'],
  ['abcdef', 'weak', 'lower case only'],
  ['abcde1', 'medium', 'lower and a digit, 6 characters'],
  ['abcdeF', 'medium', 'lower and upper, 6 characters'],
  ['abcD1', 'weak', 'all three kinds but only 5 characters'],
  ['ABCDE1', 'weak', 'no lower case'],
  ['ABCDEFGH12', 'weak', 'upper and digits without lower case'],
  ['abcdefG1', 'strong', 'all three kinds, 8 characters'],
  ['Abcdef1', 'medium', 'all three kinds, 7 characters'],
  ['abcdefgh1234', 'medium', 'long, but no upper case'],
  ['Orchard@2025', 'strong', 'a demo password'],
  ['ééééé1', 'weak', 'accented letters are not a-z'],
  ['aB1😀😀😀😀😀', 'strong', 'length in characters, not UTF-16 units'],
];

describe('passwordStrength', () => {
  it.each(cases)('%j is %s (%s)', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
