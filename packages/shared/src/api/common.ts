/**
 * Schemas every area's contract shares. Ids and row versions are PostgreSQL `integer` columns, so
 * none may exceed INT_MAX: a larger number would fail in the database instead of in validation.
 */
import { z } from 'zod';

/** The largest PostgreSQL `integer`. */
export const INT_MAX = 2_147_483_647;

/** A row id in a path, query string or form; strings of digits are read as numbers. */
export const idSchema = z.coerce.number().int().positive().max(INT_MAX);

/** A row id given as a JSON number. */
export const jsonIdSchema = z.number().int().positive().max(INT_MAX);

/** The version of a row being edited (optimistic concurrency), as a JSON number. */
export const versionSchema = z.number().int().positive().max(INT_MAX);
