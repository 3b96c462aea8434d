/**
 * Optimistic versions: a row's `version` goes up by one with each save made on the version it was
 * read at. The next version is the database's to work out from the row it updates, never a number
 * the request sends: a request's version plus one can lie past the integer column's range (the
 * highest version the schemas accept is INT_MAX), which PostgreSQL refuses as a whole statement,
 * where a stale version must simply match no row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `column + 1` of the row being updated: the value to set a version column to. */
export const nextVersion = (column: AnyPgColumn): SQL => sql`${column} + 1`;
