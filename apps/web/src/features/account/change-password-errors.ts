/** What the change-password form shows for a failed save (docs/domain.md, Own password). */
import type { TFunction } from 'i18next';
import type { ErrorReason } from '@orchard/shared/core';
import { hasReason, isApiError } from '../../lib/api-error';
import { fieldReason, fieldText, type FieldErrorLike } from '../../lib/field-reason';
import { loginErrorToast } from '../../lib/login-errors';

export interface ErrorToast {
  summary: string;
  detail: string;
}

/**
 * A failed change (spec 8.1): the login mapping under its "Unable to login" caption, or the
 * no-network message offline. A current password that does not verify is the server saying the
 * user name and password pair is invalid: "Invalid username or password", as at sign-in. (The
 * user editor's save says "Password Mismatch: Current Password is incorrect" instead, 8.2.)
 */
export function changePasswordErrorToast(error: unknown, t: TFunction): ErrorToast {
  if (isApiError(error) && !error.isNetworkError && hasReason(error, 'password-incorrect', 'current-password-incorrect')) {
    return { summary: t('login.unableToLogin'), detail: t('login.invalidCredentials') };
  }
  return loginErrorToast(error, t);
}

/** the inline texts of the form's rules, by reason (5.2) */
const FIELD_TEXT_KEYS: Partial<Record<ErrorReason, string>> = {
  'current-password-required': 'account.currentRequired',
  'new-password-too-short': 'account.newRequired',
  'confirm-password-required': 'account.confirmRequired',
  'password-mismatch': 'account.mismatch',
  'password-same-as-current': 'account.sameAsOld',
};

/** What a field shows under itself: the rule's inline text, else the message as it came. */
export function changePasswordFieldText(error: FieldErrorLike | undefined, t: TFunction): string {
  return fieldText(error, FIELD_TEXT_KEYS, t);
}

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The alert that goes with the inline messages of a refused form (5.2), if any. */
export function changePasswordInvalidToast(errors: Partial<Record<PasswordField, FieldErrorLike>>, t: TFunction): ErrorToast | null {
  if (errors.currentPassword) return { summary: t('account.currentRequiredCaption'), detail: t('account.currentRequiredAlert') };
  if (fieldReason(errors.confirmPassword) === 'password-mismatch') return { summary: t('account.mismatchCaption'), detail: t('account.mismatch') };
  if (fieldReason(errors.newPassword) === 'password-same-as-current') return { summary: t('account.passwordMismatch'), detail: t('account.sameAsOld') };
  return null;
}
