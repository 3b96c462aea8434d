/**
 * Schemas every area's contract shares. Ids and row versions are PostgreSQL `integer` columns, so
 * none may exceed INT_MAX: a larger number would fail in the database instead of in validation.
 */
import { z } from 'zod';
import { isInstantInRange } from './calendar.js';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from './constants.js';

/** The largest PostgreSQL `integer`. */
export const INT_MAX = 2_147_483_647;

/**
 * How an id is written in a path, a query string or a header: decimal digits without a sign,
 * spaces, exponent, fraction or base prefix ("16", never "+16", " 16", "1.6e1" or "0x10"), and
 * without leading zeros ("016" is refused, not read as 16), so every id has exactly one spelling
 * (answers kept per address, logs and links never hold two addresses for one row).
 */
export const ID_MESSAGE = 'Expected an id: a whole number from 1 written in decimal digits, without leading zeros';

/** The id `text` writes (1 to INT_MAX, spelt as parseWholeNumber reads), else null. */
export function parseId(text: string): number | null {
  const id = parseWholeNumber(text);
  return id !== null && id >= 1 ? id : null;
}

/** A row id in a path or query string, read with parseId; anything else answers `message`. */
export function idSchemaWith(message: string) {
  return wholeNumberQuerySchema(z.number().min(1, message), message);
}

/** A row id in a path or query string. */
export const idSchema = idSchemaWith(ID_MESSAGE);

/**
 * A list of ids in a query string, `?farms=1,2` or `?farms=1&farms=2`, at most `max` of them;
 * absent or empty means no restriction. Every item is an id as idSchema reads it (no blanks, no
 * spaces around the commas).
 */
export function idListQuerySchema(max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : String(value).split(',')),
    z.array(idSchema).max(max).optional(),
  );
}

/**
 * How any other whole number is written in a query string (a page, a page size, a season, a limit):
 * as an id is, in decimal digits without a sign, spaces, exponent, fraction or base prefix, and
 * without leading zeros ("20", never "+20", " 20", "2e1", "0x14" or "020"), so it too has exactly
 * one spelling; zero is written "0". At most INT_MAX: each field then holds it to its own range.
 */
const WHOLE_NUMBER_TEXT = /^(?:0|[1-9][0-9]{0,9})$/;

export const WHOLE_NUMBER_QUERY_MESSAGE = 'Expected a whole number written in decimal digits, without leading zeros';

/** The whole number `text` writes (0 to INT_MAX, written as WHOLE_NUMBER_TEXT describes), else null. */
export function parseWholeNumber(text: string): number | null {
  if (!WHOLE_NUMBER_TEXT.test(text)) return null;
  const n = Number(text);
  return n <= INT_MAX ? n : null;
}

/**
 * A whole number in a query string, read with parseWholeNumber and then held to `field`, the
 * field's own rule (its range or allowed values, with their messages); a text parseWholeNumber
 * refuses answers `message`.
 */
export function wholeNumberQuerySchema<T extends z.ZodType<unknown, number>>(field: T, message: string = WHOLE_NUMBER_QUERY_MESSAGE) {
  return z
    .string({ error: message })
    .transform((text, ctx) => {
      const n = parseWholeNumber(text);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    })
    .pipe(field);
}

/** The highest page number a paged list's query string may ask for. */
export const PAGE_MAX = 100_000;

/** The page of a paged list's query string: a whole number from 1, the first when absent. */
export const pageQuerySchema = wholeNumberQuerySchema(z.number().min(1).max(PAGE_MAX)).default(1);

/** What a page size outside `sizes` answers: "Page size is one of 20, 50, 100". */
export function pageSizeMessage(sizes: readonly number[]): string {
  return `Page size is one of ${sizes.join(', ')}`;
}

/**
 * The page size of a paged list's query string: one of `sizes`, `fallback` when absent. Every
 * table pages by TABLE_PAGE_SIZE_OPTIONS, starting at TABLE_PAGE_SIZE, unless its screen names its
 * own (docs/domain.md, Screens and layout).
 */
export function pageSizeQuerySchema(sizes: readonly number[] = TABLE_PAGE_SIZE_OPTIONS, fallback: number = TABLE_PAGE_SIZE) {
  const message = pageSizeMessage(sizes);
  return wholeNumberQuerySchema(
    z.number().refine((n) => sizes.includes(n), message),
    message,
  ).default(fallback);
}

/** A row id given as a JSON number. */
export const jsonIdSchema = z.number().int().positive().max(INT_MAX);

/** The version of a row being edited (optimistic concurrency), as a JSON number. */
export const versionSchema = z.number().int().positive().max(INT_MAX);

/**
 * An instant: ISO 8601 with its offset (2026-03-02T07:30:00+02:00) on a business day from
 * FIRST_DAY to LAST_DAY (calendar.ts); anything else answers `message` (zod's own when absent).
 */
export function instantSchema(message?: string) {
  return z.iso.datetime({ offset: true, abort: true, ...(message === undefined ? {} : { error: message }) }).superRefine((value, ctx) => {
    if (!isInstantInRange(value)) ctx.addIssue({ code: 'invalid_format', format: 'datetime', input: value, ...(message === undefined ? {} : { message }) });
  });
}
