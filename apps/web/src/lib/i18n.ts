/**
 * i18next with the whole shared English catalogue; every user-facing string goes through t().
 * Importing this module adds the catalogue to the instance ./i18n-core started with the public
 * texts.
 */
import { en } from '@orchard/shared/i18n';
import { DEFAULT_LANGUAGE, i18n } from './i18n-core';

i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', en, true, true);

export { DEFAULT_LANGUAGE, i18n };

/** Translate a menu display name (server menu data carries the catalogue key). */
export function menuLabel(displayName: string): string {
  return i18n.t(`menu.${displayName}`, { defaultValue: displayName });
}
