/**
 * How the product shows dates and times on screen: one rule per kind, from the organisation's
 * culture (default_Culture_Name; en-ZA when it is unset or unknown), always in the business time
 * zone, whatever zone the browser runs in.
 *
 * - A date is the culture's numeric day, month and year: en-ZA 2026/11/24, en-GB 24/11/2026,
 *   en-US 11/24/2026. Tables, dialogs and date inputs all write it this way (an input's pattern is
 *   derived from the same format by datePattern, so what is typed is read the way it is shown).
 * - A date and time adds the culture's hours and minutes: en-ZA 2026/11/24, 04:27. A time alone is
 *   the same hours and minutes, on the 24-hour clock (04:27, 16:05), in every culture.
 * - Typed dates and times are read the same way (readDisplayedDay, readDisplayedTime): what an
 *   input shows is what it reads.
 * - Numbers on screen follow the culture's grouping and decimal separator (en-ZA 1 118,98); the
 *   web's formatNumber does that with the same culture.
 *
 * Files do not use these: a CSV writes machine-readable values (times as calendar.ts
 * businessTimestamp, numbers with a '.' decimal point and no grouping), as the README states.
 */
import { BUSINESS_TIME_ZONE, isCalendarDay } from './calendar.js';

export const DEFAULT_CULTURE = 'en-ZA';

/** A BCP 47 tag for a culture name such as en_ZA or en-ZA; the default when it is empty or unknown. */
export function resolveCulture(culture?: string | null): string {
  if (!culture) return DEFAULT_CULTURE;
  try {
    return Intl.getCanonicalLocales(culture.replace('_', '-'))[0] ?? DEFAULT_CULTURE;
  } catch {
    return DEFAULT_CULTURE;
  }
}

const DATE_PARTS = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME_PARTS = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** Formats by culture and kind: building one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(culture: string | null | undefined, kind: 'date' | 'dateTime', timeZone = BUSINESS_TIME_ZONE): Intl.DateTimeFormat {
  const locale = resolveCulture(culture);
  const key = `${locale}|${kind}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...DATE_PARTS, ...(kind === 'dateTime' ? TIME_PARTS : {}), timeZone });
    formats.set(key, format);
  }
  return format;
}

const asDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/** The business date of an instant, as the culture writes it (en-ZA 2026/11/24). */
export function formatBusinessDate(at: Date | string | number, culture?: string | null): string {
  return dateFormat(culture, 'date').format(asDate(at));
}

/** The business date and time of an instant, to the minute (en-ZA 2026/11/24, 04:27). */
export function formatBusinessDateTime(at: Date | string | number, culture?: string | null): string {
  return dateFormat(culture, 'dateTime').format(asDate(at));
}

/** A calendar day (yyyy-MM-dd) as the culture writes dates (en-ZA 2026/11/24). */
export function formatDay(day: string, culture?: string | null): string {
  // noon UTC of the day, written in UTC: the same day in every zone
  return dateFormat(culture, 'date', 'UTC').format(new Date(`${day}T12:00:00Z`));
}

/** The parts of the culture's date in order: day, month and year with the literal text between them. */
export type DatePatternPart = { kind: 'day' | 'month' | 'year' } | { kind: 'literal'; text: string };

/** The culture's date pattern (en-ZA: year "/" month "/" day), for date inputs that show dates the same way. */
export function datePattern(culture?: string | null): DatePatternPart[] {
  return dateFormat(culture, 'date', 'UTC')
    .formatToParts(new Date(Date.UTC(2001, 1, 3, 12)))
    .flatMap((part): DatePatternPart[] => {
      if (part.type === 'day' || part.type === 'month' || part.type === 'year') return [{ kind: part.type }];
      if (part.type === 'literal') return [{ kind: 'literal', text: part.value }];
      return [];
    });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Day and month patterns by culture: building one from the pattern costs more than using it. */
const dayReaders = new Map<string, { regex: RegExp; order: ('day' | 'month' | 'year')[] }>();

/**
 * A day typed as the culture writes dates (en-ZA 2026/11/24, also 2026/1/5; en-GB 24/11/2026), as
 * yyyy-MM-dd; null when the text does not read as a real day in that order (2026/02/30, 24/11/2026
 * in en-ZA, a two-digit year). Spaces around the separators are allowed.
 */
export function readDisplayedDay(text: string, culture?: string | null): string | null {
  const locale = resolveCulture(culture);
  let reader = dayReaders.get(locale);
  if (!reader) {
    const pattern = datePattern(locale);
    const order = pattern.flatMap((p) => (p.kind === 'literal' ? [] : [p.kind]));
    const source = pattern
      .map((p) => {
        if (p.kind === 'year') return '(\\d{4})';
        if (p.kind !== 'literal') return '(\\d{1,2})';
        const literal = p.text.trim();
        return literal === '' ? '\\s+' : `\\s*${escapeRegExp(literal)}\\s*`;
      })
      .join('');
    reader = { regex: new RegExp(`^\\s*${source}\\s*$`), order };
    dayReaders.set(locale, reader);
  }
  const match = reader.regex.exec(text);
  if (!match) return null;
  const part = (kind: 'day' | 'month' | 'year') => match[reader.order.indexOf(kind) + 1]!.padStart(2, '0');
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return isCalendarDay(day) ? day : null;
}

/** A time typed on the 24-hour clock (07:30, 7:30, 16:05), as HH:mm; null when it does not read as one. */
export function readDisplayedTime(text: string): string | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}
