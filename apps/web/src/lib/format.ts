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
