/**
 * Theme ids and preference paths without zod: the start-up code applies the default theme on the
 * login route, which must not download the schema library.
 */
export const PREFERENCES_PATHS = {
  preferences: '/api/preferences',
  defaults: '/api/preferences/defaults',
  setCurrentAsDefault: '/api/preferences/set-current-as-default',
} as const;

/** PrimeReact 10.9 themes (folders of primereact/resources/themes) the theme dropdown offers. */
export const THEME_IDS = [
  'lara-light-green',
  'lara-light-blue',
  'lara-light-indigo',
  'lara-light-purple',
  'lara-light-teal',
  'lara-light-amber',
  'lara-light-cyan',
  'lara-light-pink',
  'lara-dark-green',
  'lara-dark-blue',
  'lara-dark-indigo',
  'lara-dark-purple',
  'lara-dark-teal',
  'lara-dark-amber',
  'lara-dark-cyan',
  'lara-dark-pink',
  'saga-blue',
  'saga-green',
  'saga-orange',
  'saga-purple',
  'vela-blue',
  'vela-green',
  'vela-orange',
  'vela-purple',
  'arya-blue',
  'arya-green',
  'arya-orange',
  'arya-purple',
  'bootstrap4-light-blue',
  'bootstrap4-light-purple',
  'bootstrap4-dark-blue',
  'bootstrap4-dark-purple',
  'md-light-indigo',
  'md-light-deeppurple',
  'md-dark-indigo',
  'md-dark-deeppurple',
  'mdc-light-indigo',
  'mdc-light-deeppurple',
  'mdc-dark-indigo',
  'mdc-dark-deeppurple',
  'fluent-light',
  'tailwind-light',
  'soho-light',
  'soho-dark',
  'viva-light',
  'viva-dark',
  'mira',
  'nano',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];

/** The theme used while a user has chosen none (and what a reset returns to). */
export const APP_DEFAULT_THEME_ID: ThemeId = 'lara-light-green';

export const PREFERENCES_MESSAGES = {
  unknownTheme: 'Unknown theme',
} as const;

/** The stable reason key of each of PREFERENCES_MESSAGES, sent beside the text (see reasons.ts). */
export const PREFERENCES_REASONS = {
  unknownTheme: 'theme-unknown',
} as const satisfies Record<keyof typeof PREFERENCES_MESSAGES, string>;
