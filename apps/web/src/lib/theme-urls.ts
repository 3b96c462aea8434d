/**
 * Which stylesheet URL a theme id loads. Pure, so it is tested without Vite: the map comes from the
 * bundled theme files (see theme.ts), keyed by their module path.
 */
import { APP_DEFAULT_THEME_ID, THEME_IDS, type ThemeId } from '@orchard/shared/preferences';

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && (THEME_IDS as readonly string[]).includes(value);
}

/** Theme id -> URL, for the allowed ids only (a bundled theme the server does not allow is ignored). */
export function themeUrlMap(modules: Record<string, string>): Map<ThemeId, string> {
  const out = new Map<ThemeId, string>();
  for (const [path, url] of Object.entries(modules)) {
    const match = /themes\/([^/]+)\/theme\.css$/.exec(path);
    const id = match?.[1];
    if (isThemeId(id)) out.set(id, url);
  }
  return out;
}

/** The URL of a theme; an unknown or missing id falls back to the application default theme. */
export function resolveThemeUrl(id: string | null | undefined, urls: Map<ThemeId, string>): { id: ThemeId; url: string } {
  const wanted = isThemeId(id) && urls.has(id) ? id : APP_DEFAULT_THEME_ID;
  const url = urls.get(wanted);
  if (!url) throw new Error(`The default theme ${APP_DEFAULT_THEME_ID} is not bundled`);
  return { id: wanted, url };
}

export type ColorScheme = 'light' | 'dark';

/**
 * Whether a theme is light or dark: dark when its ground surface is (the unit test reads every
 * theme's stylesheet; vela and arya are dark but declare color-scheme: light). The app's own
 * colours follow it (styles.css).
 */
export function themeColorScheme(id: ThemeId): ColorScheme {
  return /^(lara|bootstrap4|md|mdc)-dark-|^(vela|arya)-|^(soho|viva)-dark$/.test(id) ? 'dark' : 'light';
}

/** A readable name for a theme id: lara-light-green -> Lara Light Green. */
export function themeLabel(id: string): string {
  return id
    .split('-')
    .map((w) => (w === 'md' || w === 'mdc' ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}
