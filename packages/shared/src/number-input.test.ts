import { describe, expect, it } from 'vitest';
import { decimalDraftText, parseDecimalText } from './number-input.js';

describe('parseDecimalText: the number typed, or NaN, never another number', () => {
  it.each([
    ['0', 0],
    ['400', 400],
    ['37.25', 37.25],
    ['37,25', 37.25],
    [' 12 ', 12],
    ['-1', -1],
    ['-0.5', -0.5],
    ['007', 7],
  ])('%j is %d', (text, value) => {
    expect(parseDecimalText(text)).toBe(value);
  });

  it.each(['', ' ', '-', '1.2.3', '1,2,3', '1 000', '1e3', '12a', '+1', '0x10', '.5', '5.', '--1', 'NaN', 'Infinity'])(
    '%j is not a number',
    (text) => {
      expect(parseDecimalText(text)).toBeNaN();
    },
  );
});

describe('decimalDraftText', () => {
  it('writes the value with the culture decimal separator, and nothing for no value', () => {
    expect(decimalDraftText(61.5, 'en-US')).toBe('61.5');
    expect(decimalDraftText(61.5, 'de-DE')).toBe('61,5');
    expect(decimalDraftText(400, 'de-DE')).toBe('400');
    expect(decimalDraftText(null, 'en-ZA')).toBe('');
    expect(parseDecimalText(decimalDraftText(61.5, 'en-ZA'))).toBe(61.5);
  });
});
