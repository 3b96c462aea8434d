/**
 * Numbers typed into inputs. The text is read as typed, never reshaped: a minus stays a minus, a
 * second separator or a letter makes the text invalid (NaN) instead of being dropped, so a value
 * the person did not type can never be saved. Either "." or "," is taken as the decimal separator
 * (en-ZA writes "1,5", others "1.5"); digit grouping is not accepted in an input.
 */
const DECIMAL = /^[-]?\d+(?:[.,]\d+)?$/;

/** The number the text says, or NaN when it says no single decimal number (empty included). */
export function parseDecimalText(text: string): number {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** A value as an input's starting text, with the culture's decimal separator. */
export function decimalDraftText(value: number | null, culture: string | undefined): string {
  if (value === null) return '';
  let separator = '.';
  try {
    separator = new Intl.NumberFormat(culture).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  } catch {
    // an unknown culture: keep "."
  }
  return String(value).replace('.', separator);
}
