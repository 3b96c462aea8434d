import { describe, expect, it } from 'vitest';
import { APP_DEFAULT_THEME_ID, THEME_IDS } from '@orchard/shared';
import { isThemeId, resolveThemeUrl, themeLabel, themeUrlMap } from './theme-urls';
import { THEME_URLS } from './theme';

const modules = {
  '../../node_modules/primereact/resources/themes/lara-light-green/theme.css': '/assets/theme-green.css',
  '../../node_modules/primereact/resources/themes/vela-blue/theme.css': '/assets/theme-vela.css',
  '../../node_modules/primereact/resources/themes/luna-amber/theme.css': '/assets/theme-luna.css',
};

describe('theme URL resolution', () => {
  it('maps only the themes the server allows', () => {
    const urls = themeUrlMap(modules);
    expect([...urls.keys()].sort()).toEqual(['lara-light-green', 'vela-blue']);
    expect(isThemeId('luna-amber')).toBe(false);
  });

  it('resolves an allowed theme to its bundled URL', () => {
    expect(resolveThemeUrl('vela-blue', themeUrlMap(modules))).toEqual({ id: 'vela-blue', url: '/assets/theme-vela.css' });
  });

  it('falls back to the default theme for an unknown, missing or unbundled id', () => {
    const urls = themeUrlMap(modules);
    const fallback = { id: APP_DEFAULT_THEME_ID, url: '/assets/theme-green.css' };
    expect(resolveThemeUrl('luna-amber', urls)).toEqual(fallback);
    expect(resolveThemeUrl('../../etc/passwd', urls)).toEqual(fallback);
    expect(resolveThemeUrl(null, urls)).toEqual(fallback);
    expect(resolveThemeUrl('saga-blue', urls)).toEqual(fallback);
  });

  it('bundles every theme in THEME_IDS and nothing else', () => {
    expect([...THEME_URLS.keys()].sort()).toEqual([...THEME_IDS].sort());
  });

  it('labels themes readably', () => {
    expect(themeLabel('lara-light-green')).toBe('Lara Light Green');
    expect(themeLabel('md-dark-deeppurple')).toBe('MD Dark Deeppurple');
  });
});
