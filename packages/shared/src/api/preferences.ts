/** The signed-in user's preferences: theme and saved defaults, plus view flags (spec 01, sections 2.8, 4.5, 8.4). */
import { z } from 'zod';

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

export const themeIdSchema = z.enum(THEME_IDS, { error: PREFERENCES_MESSAGES.unknownTheme });

/** The stored preferences; themeId is the theme in effect (the app default when none was chosen). */
export const preferencesSchema = z.object({
  themeId: themeIdSchema,
  /** the saved defaults that "reload defaults" restores; null: none saved (the app default applies) */
  defaultThemeId: themeIdSchema.nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const viewFlagsSchema = z.object({
  /** the user holds users.view in the current organisation */
  customers: z.boolean(),
  /** the user holds users.view in the current organisation */
  products: z.boolean(),
  /** always true */
  orders: z.boolean(),
});
export type ViewFlags = z.infer<typeof viewFlagsSchema>;

/** GET /api/preferences (current organisation header required for the view flags). */
export const preferencesResponseSchema = preferencesSchema.extend({ viewFlags: viewFlagsSchema });
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

/** PUT /api/preferences */
export const updatePreferencesBodySchema = z.object({ themeId: themeIdSchema });
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

/** GET /api/preferences/defaults: what "reload defaults" applies. */
export const preferenceDefaultsSchema = z.object({ themeId: themeIdSchema });
export type PreferenceDefaults = z.infer<typeof preferenceDefaultsSchema>;

/** PUT /api/preferences/defaults: a theme saves it as the default; null resets (spec 4.5). */
export const updatePreferenceDefaultsBodySchema = z.object({ themeId: themeIdSchema.nullable() });
export type UpdatePreferenceDefaultsBody = z.infer<typeof updatePreferenceDefaultsBodySchema>;
