/** The signed-in user's preferences: theme and saved defaults, plus view flags (docs/domain.md, Preferences). */
import { z } from 'zod';
import { PREFERENCES_MESSAGES, THEME_IDS } from './themes.js';

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

/** PUT /api/preferences/defaults: a theme saves it as the default; null resets (docs/domain.md, Preferences). */
export const updatePreferenceDefaultsBodySchema = z.object({ themeId: themeIdSchema.nullable() });
export type UpdatePreferenceDefaultsBody = z.infer<typeof updatePreferenceDefaultsBodySchema>;
