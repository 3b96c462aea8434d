/** Number and date formatting with the current organisation's culture (default_Culture_Name). */
export const FALLBACK_CULTURE = 'en-ZA';

function safeCulture(culture: string | null | undefined): string {
  if (!culture) return FALLBACK_CULTURE;
  try {
    return Intl.getCanonicalLocales(culture.replace('_', '-'))[0] ?? FALLBACK_CULTURE;
  } catch {
    return FALLBACK_CULTURE;
  }
}

/** Number formats by culture and options: building one costs far more than using it (a table formats thousands of cells). */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, culture?: string | null, options?: Intl.NumberFormatOptions): string {
  const key = `${culture ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(safeCulture(culture), options);
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

export function formatDate(value: Date | string | number, culture?: string | null, options?: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(safeCulture(culture), options ?? { dateStyle: 'medium' }).format(date);
}

export interface Formatters {
  culture: string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => string;
}

export function createFormatters(culture?: string | null): Formatters {
  const c = safeCulture(culture);
  return {
    culture: c,
    number: (value, options) => formatNumber(value, c, options),
    date: (value, options) => formatDate(value, c, options),
  };
}
