/** docs/domain.md, Sign-in: what the sticky "Unable to login" toast says for each failure. */
import type { TFunction } from 'i18next';
import { isApiError } from './api-error';
import { NoOrganizationError } from './session/session-errors';

export interface LoginErrorToast {
  summary: string;
  detail: string;
}

export function loginErrorToast(error: unknown, t: TFunction): LoginErrorToast {
  const summary = t('login.unableToLogin');
  if (error instanceof NoOrganizationError) return { summary, detail: t('login.noOrganization') };
  if (isApiError(error)) {
    if (error.isNetworkError) return { summary: t('login.noNetworkCaption'), detail: t('login.noNetworkDetail') };
    if (error.reason === 'login-invalid-credentials') return { summary, detail: t('login.invalidCredentials') };
    if (error.reason === 'login-disabled') return { summary, detail: t('login.disabled') };
    const message = error.message.trim();
    if (message) return { summary, detail: message };
    return { summary, detail: [t('login.genericError'), error.body].filter(Boolean).join(' ') };
  }
  if (error instanceof TypeError) return { summary: t('login.noNetworkCaption'), detail: t('login.noNetworkDetail') };
  const message = error instanceof Error ? error.message : '';
  return { summary, detail: message || t('login.genericError') };
}
