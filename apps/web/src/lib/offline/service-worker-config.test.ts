import { describe, expect, it } from 'vitest';
import {
  PRECACHE_GLOBS,
  PRECACHE_IGNORES,
  SERVICE_WORKER_SCOPE,
  SERVICE_WORKER_URL,
  isAppNavigation,
  isBuildAsset,
  shouldRegisterServiceWorker,
} from './service-worker-config';

const nav = (pathname: string, mode = 'navigate') => ({ request: { mode, method: 'GET' }, url: { pathname } });

describe('which requests the cached shell may answer', () => {
  it.each(['/', '/login', '/field/scouting', '/field/traps', '/settings/users/3', '/apiary', '/connections', '/assets-page'])(
    'a navigation to %s is the app’s',
    (path) => expect(isAppNavigation(nav(path))).toBe(true),
  );

  it.each(['/api', '/api/', '/api/me', '/API/ME', '/Api/docs', '/api/docs/static/index.html', '/connect/token', '/CONNECT/TOKEN', '/healthz', '/readyz'])(
    'a navigation to %s stays with the network',
    (path) => expect(isAppNavigation(nav(path))).toBe(false),
  );

  it.each(['cors', 'no-cors', 'same-origin'])('a %s request (fetch, script, sheet) is no navigation', (mode) => {
    expect(isAppNavigation(nav('/field/scouting', mode))).toBe(false);
    expect(isAppNavigation(nav('/api/me', mode))).toBe(false);
  });

  it('refers to nothing outside itself, as the worker gets its source text', () => {
    const copied = new Function(`return (${isAppNavigation.toString()})`)() as typeof isAppNavigation;
    expect(copied(nav('/field/scouting'))).toBe(true);
    expect(copied(nav('/api/me'))).toBe(false);
  });
});

describe('which requests the kept build files answer', () => {
  const req = (pathname: string, sameOrigin = true, method = 'GET') => ({ request: { mode: 'no-cors', method }, url: { pathname }, sameOrigin });

  it('same-origin files of the build', () => {
    expect(isBuildAsset(req('/assets/theme-4JmF5iFm.css'))).toBe(true);
    expect(isBuildAsset(req('/assets/InterVariable-CWi-zmRD.woff2'))).toBe(true);
  });

  it('never the API, another origin, or a write', () => {
    for (const path of ['/api/me', '/api/assets/1', '/connect/token', '/field/scouting', '/sw.js']) expect(isBuildAsset(req(path)), path).toBe(false);
    expect(isBuildAsset(req('/assets/x.css', false))).toBe(false);
    expect(isBuildAsset(req('/assets/x.css', true, 'POST'))).toBe(false);
  });

  it('refers to nothing outside itself', () => {
    const copied = new Function(`return (${isBuildAsset.toString()})`)() as typeof isBuildAsset;
    expect(copied(req('/assets/a.css'))).toBe(true);
    expect(copied(req('/api/me'))).toBe(false);
  });
});

describe('what is precached', () => {
  it('the page, every script and the app’s sheets and fonts, not the theme sheets', () => {
    expect(PRECACHE_GLOBS).toContain('index.html');
    expect(PRECACHE_GLOBS.some((g) => g.startsWith('assets/') && /\bjs\b/.test(g) && /\bcss\b/.test(g) && /\bwoff2\b/.test(g))).toBe(true);
    expect(PRECACHE_IGNORES).toEqual(['assets/theme-*.css']);
  });

  it('the worker sits at the root, so it controls every screen', () => {
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
    expect(SERVICE_WORKER_SCOPE).toBe('/');
  });
});

describe('when the page registers the worker', () => {
  const all = { production: true, secureContext: true, supported: true };
  it('a production build on a secure context with service workers', () => {
    expect(shouldRegisterServiceWorker(all)).toBe(true);
  });
  it.each(['production', 'secureContext', 'supported'] as const)('not without %s', (key) => {
    expect(shouldRegisterServiceWorker({ ...all, [key]: false })).toBe(false);
  });
});
