/**
 * What Farm Setup shows for a refused value or request: the text of the farm setup rule the
 * server's reason (or the shared schema's message) names, from the translations; anything else as
 * it came.
 */
import { FARM_SETUP_REASONS, PLANTING_YEAR_MIN } from '@orchard/shared/farm-setup';
import type { TFunction } from 'i18next';
import { errorText, isApiError } from '../../lib/api-error';
import { plainProblemText, type ProblemText } from '../../lib/csv-import';
import { fieldReason, type FieldErrorLike } from '../../lib/field-reason';

export type FarmSetupRule = keyof typeof FARM_SETUP_REASONS;

const RULE_OF_REASON = new Map<string, FarmSetupRule>(Object.entries(FARM_SETUP_REASONS).map(([rule, reason]) => [reason, rule as FarmSetupRule]));

/** The farm setup rule a reason names, if it names one. */
export const farmSetupRule = (reason: string | undefined): FarmSetupRule | undefined => (reason ? RULE_OF_REASON.get(reason) : undefined);

/**
 * A rule's text by its reason; undefined for a reason that is no farm setup rule. Planting years
 * run from PLANTING_YEAR_MIN to `year` (this year); `column` names the missing column of a file.
 */
export function reasonText(reason: string | undefined, t: TFunction, values: { year?: number; column?: string } = {}): string | undefined {
  const rule = farmSetupRule(reason);
  if (!rule) return undefined;
  return t(`farmSetup.reasons.${rule}`, { min: PLANTING_YEAR_MIN, max: values.year ?? new Date().getFullYear(), column: values.column ?? '' });
}

/**
 * A form field's message: the rule's text when its reason is a farm setup rule, else `fallback`
 * (for a value of the wrong kind: nothing chosen, a number that is no number), else the message.
 */
export function fieldMessage(error: FieldErrorLike | undefined, t: TFunction, fallback?: string): string | undefined {
  if (!error) return undefined;
  return reasonText(fieldReason(error), t) ?? fallback ?? error.message;
}

/** A refused request's text: its rule's when it names one (with the details that do), else the message and details. */
export function requestErrorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return errorText(error);
  const main = reasonText(error.reason, t, { column: error.details?.[0]?.field });
  if (!main) return errorText(error);
  const details = (error.details ?? []).map((d) => reasonText(d.reason, t, { column: d.field }) ?? d.message).filter((d) => d !== main);
  return [main, ...details].join('\n');
}

/** A line's problem in the block import: "column: text", the text its rule's when it names one. */
export const importProblemText =
  (t: TFunction): ProblemText =>
  (p) =>
    plainProblemText({ ...p, message: reasonText(p.reason, t) ?? p.message });

/** Whether a save was refused because someone else saved the row first. */
export const isStale = (error: unknown): boolean => isApiError(error) && (error.status === 412 || error.reason === FARM_SETUP_REASONS.stale);
