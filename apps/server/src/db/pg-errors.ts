/**
 * Recognising the PostgreSQL errors services turn into answers (a unique index that a concurrent
 * save reached first becomes 409, and so on). The pg driver and PGlite put the SQLSTATE on the
 * error as `code` and the violated constraint or unique index as `constraint`; Drizzle (and a
 * transaction) may wrap it, keeping the original as `cause`.
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

/** The error, or the one it wraps (within MAX_CAUSE_DEPTH), that carries this PostgreSQL error code. */
function findPgError(err: unknown, code: string): { code: string; constraint?: unknown } | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === code) return e as { code: string; constraint?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Does the error, or one it wraps (within MAX_CAUSE_DEPTH), carry this PostgreSQL error code? */
export function hasPgCode(err: unknown, code: string): boolean {
  return findPgError(err, code) !== undefined;
}

export function isUniqueViolation(err: unknown): boolean {
  return hasPgCode(err, PG_ERROR_CODES.uniqueViolation);
}

/**
 * Is the error a unique violation of this constraint or unique index? Another one (a key of a
 * table the same save writes) is a unique violation too, but not this one.
 */
export function isUniqueViolationOf(err: unknown, constraint: string): boolean {
  return findPgError(err, PG_ERROR_CODES.uniqueViolation)?.constraint === constraint;
}

export function isForeignKeyViolation(err: unknown): boolean {
  return hasPgCode(err, PG_ERROR_CODES.foreignKeyViolation);
}
