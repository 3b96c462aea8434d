/**
 * The screen's date rule, decided here: a culture's numeric date (no month names, so inputs and
 * tables cannot disagree on a spelling), in the business time zone (an instant late in the UTC
 * evening is already the next South African day), en-ZA for an empty or unknown culture.
 */
import { describe, expect, it } from 'vitest';
import { datePattern, DEFAULT_CULTURE, formatBusinessDate, formatBusinessDateTime, formatDay, resolveCulture } from './display-format.js';

describe('resolveCulture', () => {
  it('reads en_ZA and en-ZA alike, and falls back to en-ZA', () => {
    expect(resolveCulture('en_ZA')).toBe('en-ZA');
    expect(resolveCulture('en-US')).toBe('en-US');
    expect(resolveCulture(null)).toBe(DEFAULT_CULTURE);
    expect(resolveCulture('')).toBe(DEFAULT_CULTURE);
    expect(resolveCulture('not a culture!')).toBe(DEFAULT_CULTURE);
  });
});

describe('dates and times on screen', () => {
  const at = new Date('2026-11-24T02:27:22.893Z');

  it('writes the culture numeric date in the business time zone', () => {
    expect(formatBusinessDate(at, 'en-ZA')).toBe('2026/11/24');
    expect(formatBusinessDate(at, 'en-US')).toBe('11/24/2026');
    expect(formatBusinessDate(at, 'en-GB')).toBe('24/11/2026');
    expect(formatBusinessDate(at.toISOString())).toBe('2026/11/24');
  });

  it('adds hours and minutes on a 24-hour clock', () => {
    expect(formatBusinessDateTime(at, 'en-ZA')).toBe('2026/11/24, 04:27');
  });

  it('counts the day in South Africa: 22:30 UTC is the next day there', () => {
    expect(formatBusinessDate(new Date('2026-11-24T22:30:00Z'), 'en-ZA')).toBe('2026/11/25');
    expect(formatBusinessDateTime(new Date('2026-12-31T22:00:00Z'), 'en-ZA')).toBe('2027/01/01, 00:00');
  });

  it('writes a calendar day the same way, whatever the zone', () => {
    expect(formatDay('2026-11-24', 'en-ZA')).toBe('2026/11/24');
    expect(formatDay('2026-01-05', 'en-GB')).toBe('05/01/2026');
  });
});

describe('datePattern', () => {
  it('gives the order and separators of the culture', () => {
    expect(datePattern('en-ZA')).toEqual([{ kind: 'year' }, { kind: 'literal', text: '/' }, { kind: 'month' }, { kind: 'literal', text: '/' }, { kind: 'day' }]);
    expect(datePattern('en-US').filter((p) => p.kind !== 'literal').map((p) => p.kind)).toEqual(['month', 'day', 'year']);
  });
});
