/**
 * The capture rules of packhouse readings (shared packhouse-readings/packhouse-readings.ts):
 * - a create whose client id is already stored in the organisation answers that row (created
 *   false, 200), or 409 when the caller cannot see it; a resend racing its first send finds the
 *   row the unique index kept;
 * - an edit names the version it was based on (412 when stale), and a row the caller cannot see
 *   answers 404;
 * - a reading's day and time must not lie after the server's "now" (South African wall clock).
 */
import { dayOf, instantOn } from '@orchard/shared/core';
import { FIELD_CAPTURE_MESSAGES } from '@orchard/shared/field-capture';
import { PACKHOUSE_READINGS_MESSAGES } from '@orchard/shared/packhouse-readings';
import { captureRules } from '../../data-rules/capture-once';
import { validationFailed } from '../../lib/errors';

/**
 * Store once per client id; edit on the version read (the rule in data-rules/capture-once.ts). A client id
 * taken by a row the caller cannot see answers the field captures' message, the same id rule.
 */
export const {
  captureOnce,
  checkVersion,
  stale: staleEntry,
} = captureRules({ area: 'packhouse-readings', stale: PACKHOUSE_READINGS_MESSAGES.stale, clientIdTaken: FIELD_CAPTURE_MESSAGES.clientIdTaken });
export type { Captured } from '../../data-rules/capture-once';

/** Refuses a reading taken after `now`: a later day on readOn, a later time of today on readTime. */
export function refuseFutureReading(now: Date, readOn: string, readTime: string): void {
  if (readOn > dayOf(now)) {
    throw validationFailed(FIELD_CAPTURE_MESSAGES.dayInFuture, [{ field: 'readOn', message: FIELD_CAPTURE_MESSAGES.dayInFuture }]);
  }
  if (instantOn(readOn, readTime).getTime() > now.getTime()) {
    throw validationFailed(PACKHOUSE_READINGS_MESSAGES.timeInFuture, [{ field: 'readTime', message: PACKHOUSE_READINGS_MESSAGES.timeInFuture }]);
  }
}
