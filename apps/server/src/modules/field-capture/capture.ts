/**
 * The rules every field capture follows (shared field-capture/field-capture.ts):
 * - a capture whose client id is already stored in the organisation answers that row (created
 *   false, 200), or 409 when the caller cannot see it; a resend racing its first send finds the
 *   row the unique index kept;
 * - the block, and the farm and block of a list filter, must be ones the caller may see (404);
 * - a day after today (South African) is refused with the area's message (400);
 * - an edit names the version it was based on (412 when stale).
 */
import { dayOf, type ErrorDetailInput } from '@orchard/shared/core';
import { FIELD_CAPTURE_MESSAGES, type FieldListQuery } from '@orchard/shared/field-capture';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { captureRules } from '../../data-rules/capture-once';
import { notFound, validationFailed } from '../../lib/errors';
import { farmIsVisible, findCaptureBlock, findFieldBlocks } from './field-capture.repository';

/** The caller: the user in the current organisation. */
export type FieldActor = FarmViewer;

/** Store once per client id; edit on the version read (the rule in data-rules/capture-once.ts, with this area's messages). */
export const {
  captureOnce,
  checkVersion,
  stale: staleReading,
} = captureRules({ area: 'field-capture', stale: FIELD_CAPTURE_MESSAGES.stale, clientIdTaken: FIELD_CAPTURE_MESSAGES.clientIdTaken });
export type { Captured } from '../../data-rules/capture-once';

/** The farm block a capture names, if the caller may capture on it (else 404). */
export async function requireCaptureBlock(db: AppDb, actor: FieldActor, blockId: number) {
  const block = await findCaptureBlock(db, actor, blockId);
  if (!block) throw notFound('Farm block');
  return block;
}

/** A list's farm and block filters name only what the caller may see (else 404). */
export async function checkListFilters(db: AppDb, actor: FieldActor, query: Pick<FieldListQuery, 'farmId' | 'blockId'>): Promise<void> {
  if (query.farmId !== undefined && !(await farmIsVisible(db, actor, query.farmId))) throw notFound('Farm');
  if (query.blockId !== undefined) await requireCaptureBlock(db, actor, query.blockId);
}

/** Refuses days after today: each entry is [field, day or null, message]. */
export function refuseFutureDays(now: Date, days: readonly (readonly [string, string | null, string])[]): void {
  const today = dayOf(now);
  const details: ErrorDetailInput[] = days.filter(([, day]) => day !== null && day > today).map(([field, , message]) => ({ field, message }));
  if (details.length > 0) throw validationFailed(details[0]!.message, details);
}

/** The farm blocks the caller may capture on; a farm filter must name a visible farm (else 404). */
export async function listFieldBlocks(db: AppDb, actor: FieldActor, farmId: number | undefined) {
  await checkListFilters(db, actor, { farmId, blockId: undefined });
  return findFieldBlocks(db, actor, farmId);
}
