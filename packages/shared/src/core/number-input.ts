/**
 * Numbers typed into inputs. The text is read as typed, never reshaped: a minus stays a minus, a
 * second separator or a letter makes the text invalid (NaN) instead of being dropped, so a value
 * the person did not type can never be saved. Digit grouping is not accepted in an input.
 *
 * The decimal separator is the culture's (default_Culture_Name; en-ZA when unset): en-ZA and de-DE
 * write "1,5", en-US and en-GB "1.5". The other of "." and "," is taken as a decimal separator too,
 * unless the culture groups digits with it: in en-US "1,250" means one thousand two hundred and
 * fifty and in de-DE "1.250" the same, so there it is not a number (the field's rule shows its
 * message) rather than 1.25. en-ZA groups with a space, so it reads "1.5" and "1,5" alike.
 */
import { resolveCulture } from './display-format.js';

interface Separators {
  decimal: string;
  group: string | null;
}

const separatorsByCulture = new Map<string, Separators>();

/** The culture's decimal and grouping separators; "." and none for a culture Intl cannot format. */
function separatorsOf(culture: string | null | undefined): Separators {
  const resolved = resolveCulture(culture);
  let separators = separatorsByCulture.get(resolved);
  if (!separators) {
    separators = { decimal: '.', group: null };
    try {
      const parts = new Intl.NumberFormat(resolved, { useGrouping: true }).formatToParts(12345.5);
      separators = {
        decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
        group: parts.find((p) => p.type === 'group')?.value ?? null,
      };
    } catch {
      // an unknown culture: "." and no grouping
    }
    separatorsByCulture.set(resolved, separators);
  }
  return separators;
}

/** The number the text says in the culture, or NaN when it says no single decimal number (empty included). */
export function parseDecimalText(text: string, culture?: string | null): number {
  const trimmed = text.trim();
  const match = /^(-?\d+)(?:([.,])(\d+))?$/.exec(trimmed);
  if (!match) return Number.NaN;
  const [, whole, separator, fraction] = match;
  if (separator === undefined) return Number(whole);
  const { decimal, group } = separatorsOf(culture);
  if (separator !== decimal && separator === group) return Number.NaN;
  return Number(`${whole}.${fraction}`);
}

/** What an input's text says: null when it is blank (no value), otherwise as `parseDecimalText` reads it. */
export function parseDecimalInput(text: string, culture?: string | null): number | null {
  return text.trim() === '' ? null : parseDecimalText(text, culture);
}

/** A value as an input's starting text, with the culture's decimal separator. */
export function decimalDraftText(value: number | null, culture: string | null | undefined): string {
  if (value === null) return '';
  return String(value).replace('.', separatorsOf(culture).decimal);
}
