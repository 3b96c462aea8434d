/** The reason behind a form field's message: the server's (set as the error's type) or the shared rule's. */
import { isErrorReason, reasonOf, type ErrorReason } from '@orchard/shared/core';

export interface FieldErrorLike {
  type?: unknown;
  message?: string | undefined;
}

/**
 * Server details are put on a field with their reason as the error's type (`setError(field, { type:
 * d.reason, message })`); an error from a shared schema carries its rule's constant, whose key the
 * shared catalogue knows.
 */
export function fieldReason(error: FieldErrorLike | undefined): ErrorReason | undefined {
  if (!error) return undefined;
  if (isErrorReason(error.type)) return error.type;
  return reasonOf(error.message);
}

/** A field's text: the translation its reason has in `keys`, else the message as it came ('' for none). */
export function fieldText(
  error: FieldErrorLike | undefined,
  keys: Partial<Record<ErrorReason, string>>,
  t: (key: string) => string,
): string {
  if (!error?.message) return '';
  const reason = fieldReason(error);
  const key = reason && keys[reason];
  return key ? t(key) : error.message;
}
