/**
 * The PrimeReact theme in use, switchable at run time. Every allowed theme's CSS is bundled by Vite
 * as its own file (CSP allows only 'self' styles and fonts); one <link rel="stylesheet"> points at
 * the theme in use and is swapped without a reload. The default theme is applied before the first
 * render, so the login route never loads another one.
 */
import { APP_DEFAULT_THEME_ID, type ThemeId } from '@orchard/shared/preferences';
import { resolveThemeUrl, themeColorScheme, themeUrlMap } from './theme-urls';

const bundled = import.meta.glob<string>(
  [
    '../../../../node_modules/primereact/resources/themes/*/theme.css',
    // bundled by PrimeReact but not offered (THEME_IDS): leave them out of the build
    '!../../../../node_modules/primereact/resources/themes/{luna,nova,rhea}*/theme.css',
  ],
  {
    query: '?url',
    import: 'default',
    eager: true,
  },
);

export const THEME_URLS = themeUrlMap(bundled);

export const THEME_LINK_ID = 'app-theme';

let applied: ThemeId | null = null;
let pending: HTMLLinkElement | null = null;

/**
 * Marks the document with the theme in use and whether it is light or dark
 * (<html data-theme="..." data-color-scheme="light|dark">): the app's stylesheets choose their
 * light or dark colours by it.
 */
function markDocument(id: ThemeId) {
  applied = id;
  document.documentElement.dataset.theme = id;
  document.documentElement.dataset.colorScheme = themeColorScheme(id);
}

export function currentThemeId(): ThemeId {
  return applied ?? APP_DEFAULT_THEME_ID;
}

/**
 * Point the theme <link> at a theme. The new sheet replaces the old one only once it has loaded, so
 * the page never shows unstyled; a sheet that fails to load leaves the current theme in place.
 */
export function applyTheme(themeId: string | null | undefined): Promise<ThemeId> {
  const { id, url } = resolveThemeUrl(themeId, THEME_URLS);
  const current = document.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (pending && pending.dataset.themeId !== id) {
    pending.remove();
    pending = null;
  }
  if (current && current.dataset.themeId === id) {
    applied = id;
    return Promise.resolve(id);
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  link.dataset.themeId = id;
  // before the app's own stylesheets, so they keep overriding the theme
  const firstSheet = current ?? document.head.querySelector('link[rel="stylesheet"], style');
  document.head.insertBefore(link, firstSheet);
  if (!current) {
    link.id = THEME_LINK_ID;
    markDocument(id);
    return Promise.resolve(id);
  }
  pending = link;
  return new Promise<ThemeId>((resolve) => {
    link.addEventListener('load', () => {
      if (pending !== link) return resolve(currentThemeId());
      pending = null;
      current.remove();
      link.id = THEME_LINK_ID;
      markDocument(id);
      resolve(id);
    });
    link.addEventListener('error', () => {
      if (pending === link) pending = null;
      link.remove();
      resolve(currentThemeId());
    });
  });
}
