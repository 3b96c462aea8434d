/**
 * Optimistic versions: a row's `version` goes up by one with each save made on the version it was
 * read at. The next version is the database's to work out from the row it updates, never a number
 * the request sends: a request's version plus one can lie past the integer column's range (the
 * highest version the schemas accept is INT_MAX), which PostgreSQL refuses as a whole statement,
 * where a stale version must simply match no row.
 *
 * An edit or delete reads the current row first: 404 when the caller cannot see it, 412 with the
 * area's own stale message when the version it names is not the row's; an update made on a version
 * that no longer matches answers the same 412.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError, notFound, preconditionFailed } from '../lib/errors';

/** `column + 1` of the row being updated: the value to set a version column to. */
export const nextVersion = (column: AnyPgColumn): SQL => sql`${column} + 1`;

/** The version rule of one area, answering its own stale message. */
export interface VersionRule {
  /** 412 PRECONDITION_FAILED: someone saved the row since it was read */
  stale: () => AppError;
  /** The current row for an edit or delete: 404 (`what` not found) when missing, 412 when `version` is stale. */
  checkVersion: <T extends { version: number }>(current: T | null, version: number | undefined, what: string) => T;
}

export function versionRule(staleMessage: string): VersionRule {
  const stale = () => preconditionFailed(staleMessage);
  return {
    stale,
    checkVersion: (current, version, what) => {
      if (!current) throw notFound(what);
      if (version !== undefined && current.version !== version) throw stale();
      return current;
    },
  };
}
