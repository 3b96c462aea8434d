import { describe, expect, it } from 'vitest';
import { decimalDraftText, parseDecimalInput, parseDecimalText } from './number-input.js';

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

describe("parseDecimalText in a culture: its decimal separator, never its digit grouping", () => {
  it.each([
    ['1,5', 'en-ZA', 1.5],
    ['1.5', 'en-ZA', 1.5],
    ['1.5', 'en-US', 1.5],
    ['1.5', 'en-GB', 1.5],
    ['1,5', 'de-DE', 1.5],
    ['1250', 'en-US', 1250],
    ['37,25', undefined, 37.25],
    ['37,25', 'not a culture', 37.25],
  ])('%j in %s is %d', (text, culture, value) => {
    expect(parseDecimalText(text, culture)).toBe(value);
  });

  it.each([
    ['1,250', 'en-US'],
    ['1,5', 'en-GB'],
    ['1.250', 'de-DE'],
    ['1 250', 'en-ZA'],
    ['1\u00a0250', 'en-ZA'],
  ])('%j in %s is not a number (the grouping separator is not a decimal point)', (text, culture) => {
    expect(parseDecimalText(text, culture)).toBeNaN();
  });
});

describe("parseDecimalInput: an input's text", () => {
  it('is no value when blank, and otherwise what parseDecimalText reads', () => {
    expect(parseDecimalInput('', 'de-DE')).toBeNull();
    expect(parseDecimalInput('  ', 'en-US')).toBeNull();
    expect(parseDecimalInput(' -33,5 ', 'de-DE')).toBe(-33.5);
    expect(parseDecimalInput('-33.5', 'de-DE')).toBeNaN();
    expect(parseDecimalInput('18,5', 'en-US')).toBeNaN();
    expect(parseDecimalInput('12,3,4', 'en-ZA')).toBeNaN();
  });
});

describe('decimalDraftText', () => {
  it('writes the value with the culture decimal separator, and nothing for no value', () => {
    expect(decimalDraftText(61.5, 'en-US')).toBe('61.5');
    expect(decimalDraftText(61.5, 'de-DE')).toBe('61,5');
    expect(decimalDraftText(400, 'de-DE')).toBe('400');
    expect(decimalDraftText(null, 'en-ZA')).toBe('');
    expect(parseDecimalText(decimalDraftText(61.5, 'en-ZA'))).toBe(61.5);
    for (const culture of ['en-US', 'en-GB', 'de-DE', 'en-ZA']) expect(parseDecimalText(decimalDraftText(61.5, culture), culture)).toBe(61.5);
  });
});
