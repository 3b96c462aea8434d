/**
 * The screen's date rule, decided here: a culture's numeric date (no month names, so inputs and
 * tables cannot disagree on a spelling), in the business time zone (an instant late in the UTC
 * evening is already the next South African day), en-ZA for an empty or unknown culture.
 */
import { describe, expect, it } from 'vitest';
import {
  datePattern,
  DEFAULT_CULTURE,
  formatBusinessDate,
  formatBusinessDateTime,
  formatDay,
  readDisplayedDay,
  readDisplayedTime,
  resolveCulture,
} from './display-format.js';

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

describe('readDisplayedDay and readDisplayedTime', () => {
  it('reads a day in the order and with the separators the culture shows it', () => {
    expect(readDisplayedDay('2026/12/01', 'en-ZA')).toBe('2026-12-01');
    expect(readDisplayedDay(formatDay('2026-12-01', 'en-ZA'), 'en-ZA')).toBe('2026-12-01');
    expect(readDisplayedDay(' 2026 / 1 / 5 ', 'en-ZA')).toBe('2026-01-05');
    expect(readDisplayedDay('01/12/2026', 'en-GB')).toBe('2026-12-01');
    expect(readDisplayedDay('12/01/2026', 'en-US')).toBe('2026-12-01');
    for (const culture of ['en-ZA', 'en-GB', 'en-US', 'de-DE']) {
      expect(readDisplayedDay(formatDay('2026-02-28', culture), culture), culture).toBe('2026-02-28');
    }
  });

  it('reads nothing that is not a real day in that order', () => {
    expect(readDisplayedDay('12/01/2026', 'en-ZA')).toBeNull();
    expect(readDisplayedDay('2026-12-01', 'en-ZA')).toBeNull();
    expect(readDisplayedDay('2026/02/30', 'en-ZA')).toBeNull();
    expect(readDisplayedDay('26/12/01', 'en-ZA')).toBeNull();
    expect(readDisplayedDay('2026/12/', 'en-ZA')).toBeNull();
    expect(readDisplayedDay('', 'en-ZA')).toBeNull();
  });

  it('reads a time on the 24-hour clock', () => {
    expect(readDisplayedTime('07:30')).toBe('07:30');
    expect(readDisplayedTime('7:30')).toBe('07:30');
    expect(readDisplayedTime('23:59')).toBe('23:59');
    for (const text of ['24:00', '11:60', '11:43 PM', '1130', '', '7:3']) expect(readDisplayedTime(text), text).toBeNull();
  });
});
