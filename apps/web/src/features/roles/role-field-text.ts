/** What the role editor's fields show for a refused name (the product's inline texts), by reason. */
import type { ErrorReason } from '@orchard/shared/core';
import { fieldText, type FieldErrorLike } from '../../lib/field-reason';

const ROLE_FIELD_TEXT_KEYS: Partial<Record<ErrorReason, string>> = {
  'role-name-required': 'roles.nameRequired',
  'role-name-length': 'roles.nameLength',
};

/** the field's inline text: the product's for a missing or mis-sized name, else the rule's own message */
export function roleFieldText(error: FieldErrorLike | undefined, t: (key: string) => string): string {
  return fieldText(error, ROLE_FIELD_TEXT_KEYS, t);
}
