/** What the change-password form shows for a failed save (spec 01, 5.2, 8.1, 8.2). */
import type { TFunction } from 'i18next';
import { CHANGE_PASSWORD_MESSAGES } from '@orchard/shared';
import { isApiError } from '../../lib/api-error';
import { loginErrorToast } from '../../lib/login-errors';

export interface ErrorToast {
  summary: string;
  detail: string;
}

export function changePasswordErrorToast(error: unknown, t: TFunction): ErrorToast {
  if (isApiError(error) && !error.isNetworkError) {
    const message = error.message.trim();
    if (message === CHANGE_PASSWORD_MESSAGES.incorrect) return { summary: t('account.passwordMismatch'), detail: t('account.currentIncorrect') };
    if (message === CHANGE_PASSWORD_MESSAGES.sameAsCurrent || error.details?.some((d) => d.message === CHANGE_PASSWORD_MESSAGES.sameAsCurrent)) {
      return { summary: t('account.passwordMismatch'), detail: t('account.sameAsOld') };
    }
  }
  // everything else: the login mapping under its "Unable to login" caption, or the no-network message
  return loginErrorToast(error, t);
}
