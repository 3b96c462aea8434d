/**
 * i18next, started with the texts of the screens shown without a session (enPublic): all the
 * login route needs. Importing ./i18n adds the whole catalogue (loadAllTexts in ./load-all-texts);
 * every page outside those screens waits for it before it renders (see lazyPage), and whatever
 * rendered earlier re-renders when it arrives.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enPublic } from '@orchard/shared/i18n';

export const DEFAULT_LANGUAGE = 'en';

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: enPublic } },
  interpolation: { escapeValue: false },
  // menu keys contain spaces and never colons; keep '.' as the only separator
  nsSeparator: false,
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
  // useTranslation re-renders when the rest of the catalogue is added
  react: { bindI18nStore: 'added' },
});

export const i18n = i18next;
