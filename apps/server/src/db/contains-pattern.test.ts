import { describe, expect, it } from 'vitest';
import { containsPattern } from './contains-pattern';

describe('containsPattern', () => {
  it.each([
    ['navel', '%navel%'],
    ['50%', '%50\\%%'],
    ['C_1', '%C\\_1%'],
    ['a\\b', '%a\\\\b%'],
    ['', '%%'],
  ])('%s -> %s', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
