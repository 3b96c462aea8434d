/**
 * Recognising the PostgreSQL errors services turn into answers (a unique index that a concurrent
 * save reached first becomes 409, and so on). The pg driver and PGlite put the SQLSTATE on the
 * error as `code`; Drizzle (and a transaction) may wrap it, keeping the original as `cause`.
 */

/** SQLSTATE codes the services act on. */
export const PG_ERROR_CODES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/**
 * How many errors deep the cause chain is followed: well past any wrapping the driver and Drizzle
 * do, and a bound so a chain that loops back on itself cannot hang the request.
 */
export const MAX_CAUSE_DEPTH = 8;

/** Does the error, or one it wraps (within MAX_CAUSE_DEPTH), carry this PostgreSQL error code? */
export function hasPgCode(err: unknown, code: string): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function isUniqueViolation(err: unknown): boolean {
  return hasPgCode(err, PG_ERROR_CODES.uniqueViolation);
}

export function isForeignKeyViolation(err: unknown): boolean {
  return hasPgCode(err, PG_ERROR_CODES.foreignKeyViolation);
}
