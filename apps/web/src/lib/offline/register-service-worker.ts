/**
 * Registers the offline shell's service worker (see service-worker-config.ts) in production builds
 * on secure contexts, once a user is signed in: the sign-in page of a visitor downloads nothing
 * more, and the shell is only of use to someone who was signed in.
 *
 * Registered once the screen's first data is in (lib/page-settled, at most
 * SERVICE_WORKER_WAIT_MAX_MS after sign-in): the worker then downloads every file of the app, and
 * begun at sign-in it took the browser's connections from the first screen's own files and
 * requests (a first visit to the producer view came later: BENCHMARKS.md, Section `picking-browser`).
 */
import { sessionStore } from '../session/session-store';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, shouldRegisterServiceWorker } from './service-worker-config';

/** Fetch the page's stylesheets again through the worker, so it keeps the theme loaded before it took over. */
function keepLoadedStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const url = new URL(link.href, location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/assets/')) void fetch(url).catch(() => undefined);
  }
}

async function register(): Promise<void> {
  const { serviceWorker } = navigator;
  serviceWorker.addEventListener('controllerchange', keepLoadedStylesheets);
  try {
    await serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch {
    // no worker (storage refused, private mode): the app works online as before
    return;
  }
  if (serviceWorker.controller) keepLoadedStylesheets();
}

/** The longest the registration waits for the screen after sign-in. */
export const SERVICE_WORKER_WAIT_MAX_MS = 10_000;

/** After the screen has settled; the wait's code (and the query client) load once signed in. */
async function registerWhenSettled(): Promise<void> {
  try {
    const [{ onPageSettled }, { queryClient }] = await Promise.all([import('../page-settled'), import('../query-client')]);
    await new Promise<void>((resolve) => onPageSettled(queryClient, resolve, { maxMs: SERVICE_WORKER_WAIT_MAX_MS }));
  } catch {
    // the wait's code did not load: register now
  }
  await register();
}

export function startServiceWorker(): void {
  const context = {
    production: import.meta.env.PROD,
    secureContext: typeof window !== 'undefined' && window.isSecureContext,
    supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
  };
  if (!shouldRegisterServiceWorker(context)) return;
  let registered = false;
  const registerWhenSignedIn = () => {
    if (registered || sessionStore.getState().status !== 'authenticated') return;
    registered = true;
    unsubscribe();
    void registerWhenSettled();
  };
  const unsubscribe = sessionStore.subscribe(registerWhenSignedIn);
  registerWhenSignedIn();
}
