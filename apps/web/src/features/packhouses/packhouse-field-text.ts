/** What the packhouse dialog's name field shows for a refused name, by reason. */
import type { ErrorReason } from '@orchard/shared/core';
import { fieldText, type FieldErrorLike } from '../../lib/field-reason';

const PACKHOUSE_FIELD_TEXT_KEYS: Partial<Record<ErrorReason, string>> = {
  'packhouse-name-required': 'packhouses.nameRequired',
};

export function packhouseNameText(error: FieldErrorLike | undefined, t: (key: string) => string): string {
  return fieldText(error, PACKHOUSE_FIELD_TEXT_KEYS, t);
}
