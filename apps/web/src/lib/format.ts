/**
 * Numbers, dates and times on screen with the current organisation's culture (default_Culture_Name).
 * The rules (which culture, the numeric date, the business time zone) are written once in
 * packages/shared display-format.ts; this adds the cached number formats and the date inputs' pattern.
 */
import { datePattern, formatBusinessDate, formatBusinessDateTime, formatDay, resolveCulture } from '@orchard/shared/core';

/** Number formats by culture and options: building one costs far more than using it (a table formats thousands of cells). */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, culture?: string | null, options?: Intl.NumberFormatOptions): string {
  const key = `${culture ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(resolveCulture(culture), options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size in bytes with its unit in the culture: 950 byte, 1,2 kB, 48 MB (decimal units, 1 kB = 1000 bytes). */
export function formatBytes(bytes: number, culture?: string | null): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, culture, { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1 });
}

/**
 * The pattern of a PrimeReact Calendar (dateFormat) that shows and reads dates as the culture writes
 * them on screen (en-ZA yy/mm/dd, i.e. 2026/11/24): dd, mm and yy are its two-digit day, month and
 * four-digit year.
 */
export function calendarDateFormat(culture?: string | null): string {
  const token = { day: 'dd', month: 'mm', year: 'yy' } as const;
  // PrimeReact reads letters in a literal as tokens unless they are quoted
  return datePattern(culture)
    .map((part) => (part.kind === 'literal' ? (/[a-z]/i.test(part.text) ? `'${part.text}'` : part.text) : token[part.kind]))
    .join('');
}

export interface Formatters {
  culture: string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** an instant's business date (en-ZA 2026/11/24) */
  date: (value: Date | string | number) => string;
  /** an instant's business date and time (en-ZA 2026/11/24, 04:27) */
  dateTime: (value: Date | string | number) => string;
  /** a calendar day yyyy-MM-dd as dates are shown */
  day: (day: string) => string;
  /** the date inputs' pattern */
  calendarDateFormat: string;
}

export function createFormatters(culture?: string | null): Formatters {
  const c = resolveCulture(culture);
  return {
    culture: c,
    number: (value, options) => formatNumber(value, c, options),
    date: (value) => formatBusinessDate(value, c),
    dateTime: (value) => formatBusinessDateTime(value, c),
    day: (day) => formatDay(day, c),
    calendarDateFormat: calendarDateFormat(c),
  };
}
