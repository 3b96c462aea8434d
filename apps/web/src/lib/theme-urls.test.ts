import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_DEFAULT_THEME_ID, THEME_IDS } from '@orchard/shared/preferences';
import { isThemeId, resolveThemeUrl, themeColorScheme, themeLabel, themeUrlMap } from './theme-urls';
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

  it('knows which themes are dark: those whose ground surface is dark', () => {
    // vela and arya are dark but declare color-scheme: light, so the surface decides, not that
    const primereact = path.dirname(createRequire(path.join(process.cwd(), 'index.js')).resolve('primereact/package.json'));
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const byGround = THEME_IDS.map((id) => {
      const css = readFileSync(path.join(primereact, 'resources/themes', id, 'theme.css'), 'utf8');
      const ground = /--surface-ground:\s*(#[0-9a-fA-F]{6})/.exec(css)?.[1];
      if (!ground) throw new Error(`No --surface-ground in ${id}`);
      return [id, luminance(ground) < 0.2 ? 'dark' : 'light'];
    });
    expect(THEME_IDS.map((id) => [id, themeColorScheme(id)])).toEqual(byGround);
    expect(themeColorScheme(APP_DEFAULT_THEME_ID)).toBe('light');
    expect(byGround.filter(([, scheme]) => scheme === 'dark')).toHaveLength(24);
  });
});
