/**
 * What the Pest Thresholds screen shows for a refused value or save: the text of the shared rule
 * the message or the server's reason names, from the translations (the same words as
 * PEST_THRESHOLDS_MESSAGES); any other message as it came.
 */
import { type ErrorReason } from '@orchard/shared/core';
import { PEST_THRESHOLDS_REASONS } from '@orchard/shared/pest-thresholds';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-error';
import { fieldText, type FieldErrorLike } from '../../lib/field-reason';

const RULE_KEYS: Partial<Record<ErrorReason, string>> = Object.fromEntries(
  Object.entries(PEST_THRESHOLDS_REASONS).map(([rule, reason]) => [reason, `pestThresholds.reasons.${rule}`]),
);

/** A field's message ('' for none). */
export const thresholdFieldText = (error: FieldErrorLike | undefined, t: TFunction): string => fieldText(error, RULE_KEYS, (key) => t(key));

/** Whether a save was refused because someone else saved the thresholds first. */
export const isStale = (error: unknown): boolean => isApiError(error) && (error.status === 412 || error.reason === PEST_THRESHOLDS_REASONS.stale);

/** The form fields a server detail can name: "scoutingFrequencyDays", "pests.2.thresholdPercent", "traps.0.pest". */
const FIELD_PATH = /^(scoutingFrequencyDays|pests\.\d+\.(pest|thresholdPercent)|traps\.\d+\.(trapType|pest|thresholdCount))$/;
export const isFormField = (field: string): boolean => FIELD_PATH.test(field);
