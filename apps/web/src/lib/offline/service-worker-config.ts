/**
 * The service worker that lets the app open without a network. Workbox (through vite-plugin-pwa,
 * see vite.config.ts) generates it at build time from these rules:
 *
 * - the build's index.html and its files (every JavaScript chunk, the lazy screens included, the
 *   app's stylesheets and fonts) are precached when the worker installs; each entry carries the
 *   build's content hash, so a new build replaces what changed and the worker removes entries of
 *   older builds when it activates;
 * - the theme sheets (about fifty; their size: BENCHMARKS.md, Section `bundle`) are not precached: the theme a page uses is kept
 *   when it loads through the worker (and the page hands the worker what it loaded before the
 *   worker controlled it, see register-service-worker.ts). Their names carry their content hash,
 *   so a kept sheet is never out of date; the oldest are dropped past a few;
 * - a page navigation goes to the network first and falls back to the cached index.html only when
 *   the network fails (the app's router then opens the screen);
 * - the server's own paths (/api/, /connect/, health checks) are never cached nor answered from a
 *   cache: the worker leaves them to the network.
 *
 * Everything here is pure so it is tested without a browser; `isAppNavigation` is copied into the
 * worker by its source text, so it must not refer to anything outside itself.
 */

/** Where the worker is served (the site root, so its scope is the whole app). */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/** The build's files kept for offline use, relative to the build directory. */
export const PRECACHE_GLOBS = ['index.html', 'favicon.svg', 'assets/**/*.{js,css,woff2,png,webp}'];

/** Left out of the precache: the theme sheets (kept on use instead). */
export const PRECACHE_IGNORES = ['assets/theme-*.css'];

/** The cache of build files kept on use (theme sheets), and how many it keeps. */
export const ASSET_CACHE = { name: 'orchard-ops-assets', maxEntries: 12 };

/** The largest file precached (the biggest theme sheet and chunk stay well below it). */
export const PRECACHE_MAX_FILE_BYTES = 3 * 1024 * 1024;

/** The prefix of the worker's cache names (Workbox adds the kind of cache and the scope). */
export const CACHE_ID = 'orchard-ops';

export interface RouteInput {
  request: { mode: string; method?: string };
  url: { pathname: string };
}

/**
 * A page navigation that the web app's router answers, so the cached index.html may stand in for it
 * when the network fails. The server's paths (any letter case) never are.
 */
export function isAppNavigation({ request, url }: RouteInput): boolean {
  return request.mode === 'navigate' && !/^\/(api|connect|healthz|readyz)(\/|$)/i.test(url.pathname);
}

/** A file of the build (same origin, under /assets/: named by its content hash, so never stale). */
export function isBuildAsset({ request, url, sameOrigin }: RouteInput & { sameOrigin: boolean }): boolean {
  return sameOrigin && (request.method ?? 'GET') === 'GET' && url.pathname.startsWith('/assets/');
}

/** What decides whether this page registers the worker. */
export interface RegistrationContext {
  /** a production build (never the dev server nor the unit tests) */
  production: boolean;
  /** https, or http on localhost (service workers need a secure context) */
  secureContext: boolean;
  /** the browser has service workers */
  supported: boolean;
}

export function shouldRegisterServiceWorker(c: RegistrationContext): boolean {
  return c.production && c.secureContext && c.supported;
}
