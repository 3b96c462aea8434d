/**
 * The capture rules of packhouse readings (shared api/packhouse-readings.ts):
 * - a create whose client id is already stored in the organisation answers that row (created
 *   false, 200), or 409 when the caller cannot see it; a resend racing its first send finds the
 *   row the unique index kept;
 * - an edit names the version it was based on (412 when stale), and a row the caller cannot see
 *   answers 404;
 * - a reading's day and time must not lie after the server's "now" (South African wall clock).
 */
import { FIELD_READINGS_MESSAGES, PACKHOUSE_READINGS_MESSAGES, dayOf, instantOn } from '@orchard/shared';
import { AppError, notFound, validationFailed } from '../../lib/errors';

export const staleEntry = () => new AppError('PRECONDITION_FAILED', PACKHOUSE_READINGS_MESSAGES.stale);

export { captureOnce, type Captured } from '../../db/capture-once';

/** The current row for an edit or delete: 404 when the caller cannot see it, 412 when `version` is stale. */
export function checkVersion<T extends { version: number }>(current: T | null, version: number | undefined, what: string): T {
  if (!current) throw notFound(what);
  if (version !== undefined && current.version !== version) throw staleEntry();
  return current;
}

/** Refuses a reading taken after `now`: a later day on readOn, a later time of today on readTime. */
export function refuseFutureReading(now: Date, readOn: string, readTime: string): void {
  if (readOn > dayOf(now)) {
    throw validationFailed(FIELD_READINGS_MESSAGES.dayInFuture, [{ field: 'readOn', message: FIELD_READINGS_MESSAGES.dayInFuture }]);
  }
  if (instantOn(readOn, readTime).getTime() > now.getTime()) {
    throw validationFailed(PACKHOUSE_READINGS_MESSAGES.timeInFuture, [{ field: 'readTime', message: PACKHOUSE_READINGS_MESSAGES.timeInFuture }]);
  }
}
