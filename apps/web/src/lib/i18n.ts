/** i18next set up with the shared English catalogue; every user-facing string goes through t(). */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@orchard/shared';

export const DEFAULT_LANGUAGE = 'en';

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  // menu keys contain spaces and never colons; keep '.' as the only separator
  nsSeparator: false,
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

export const i18n = i18next;

/** Translate a menu display name (server menu data carries the catalogue key). */
export function menuLabel(displayName: string): string {
  return i18next.t(`menu.${displayName}`, { defaultValue: displayName });
}
