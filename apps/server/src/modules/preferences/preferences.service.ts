/**
 * User preferences (docs/domain.md, Preferences): the theme, the saved defaults that "reload
 * defaults" restores, "set current as default", and reset (null: no saved default, theme back to
 * the app default). View flags: customers and products follow users.view in the current
 * organisation; orders is always viewable.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  APP_DEFAULT_THEME_ID,
  THEME_IDS,
  type PreferenceDefaults,
  type Preferences,
  type PreferencesResponse,
  type ThemeId,
  type ViewFlags,
} from '@orchard/shared/preferences';
import type { AppDb } from '../../db/client';
import { copyThemeToDefault, findPreferences, upsertPreferences, type StoredPreferences } from './preferences.repository';

/** A stored value that is no longer an offered theme counts as none. */
function asTheme(value: string | null | undefined): ThemeId | null {
  return value && (THEME_IDS as readonly string[]).includes(value) ? (value as ThemeId) : null;
}

function present(stored: StoredPreferences | null): Preferences {
  return {
    themeId: asTheme(stored?.themeId) ?? asTheme(stored?.defaultThemeId) ?? APP_DEFAULT_THEME_ID,
    defaultThemeId: asTheme(stored?.defaultThemeId),
  };
}

export function viewFlagsFor(permissions: ReadonlySet<string>): ViewFlags {
  const canViewUsers = permissions.has(PERMISSIONS.usersView);
  return { customers: canViewUsers, products: canViewUsers, orders: true };
}

export async function getPreferences(
  db: AppDb,
  userId: number,
  permissions: ReadonlySet<string>,
): Promise<PreferencesResponse> {
  return { ...present(await findPreferences(db, userId)), viewFlags: viewFlagsFor(permissions) };
}

export async function setTheme(db: AppDb, userId: number, themeId: ThemeId): Promise<Preferences> {
  return present(await upsertPreferences(db, userId, { themeId }));
}

export async function getDefaults(db: AppDb, userId: number): Promise<PreferenceDefaults> {
  const stored = await findPreferences(db, userId);
  return { themeId: asTheme(stored?.defaultThemeId) ?? APP_DEFAULT_THEME_ID };
}

export async function setCurrentAsDefault(db: AppDb, userId: number): Promise<Preferences> {
  return present(await copyThemeToDefault(db, userId));
}

/** A theme saves it as the default; null resets: no saved default and the app default theme. */
export async function updateDefaults(db: AppDb, userId: number, themeId: ThemeId | null): Promise<Preferences> {
  const values: Partial<StoredPreferences> = themeId === null ? { themeId: null, defaultThemeId: null } : { defaultThemeId: themeId };
  return present(await upsertPreferences(db, userId, values));
}
