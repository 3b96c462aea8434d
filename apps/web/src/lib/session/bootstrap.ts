/**
 * Start-up: try a silent refresh through the httpOnly cookie. The session flows (and their zod
 * schemas) are downloaded beside it at a signed-in address, and only after it succeeds on a public
 * page, so an anonymous visit to /login stays light.
 * When the refresh gets no answer at all (no network), the session kept on the device, if any,
 * opens the app (offline-session.ts); a refusal removes what was kept.
 *
 * The refresh goes out before the code fetched beside it (whenRefreshRequested): a first visit
 * downloads dozens of files, and the browser sends at most six requests at a time to a server
 * without HTTP/2, so a refresh asked after them waited its turn behind them.
 */
import { PUBLIC_PATHS } from '../../config/paths';
import { refreshAccessTokenOutcome } from '../api-client';
import { sessionStore } from './session-store';

let started: Promise<boolean> | null = null;

let refreshRequested!: () => void;
const requested = new Promise<void>((resolve) => (refreshRequested = resolve));

/** Resolves once the start-up refresh is on its way, or the start-up went without one. */
export function whenRefreshRequested(): Promise<void> {
  return requested;
}

async function resumeWithoutNetwork(): Promise<boolean> {
  try {
    const { resumeOfflineSession } = await import('./offline-session');
    return await resumeOfflineSession();
  } catch {
    return false;
  }
}

function forgetKeptSession(): void {
  void import('./offline-session-store')
    .then(({ offlineSessionStore }) => offlineSessionStore().clear())
    .catch(() => undefined);
}

export function bootstrapSession(): Promise<boolean> {
  started ??= (async () => {
    // at a signed-in address the flows are fetched beside the refresh, not after it
    const flows = PUBLIC_PATHS.includes(window.location.pathname) ? null : requested.then(() => import('./session-context'));
    flows?.catch(() => undefined);
    const outcome = await refreshAccessTokenOutcome(refreshRequested).finally(refreshRequested);
    if (outcome === 'unreachable' && (await resumeWithoutNetwork())) return true;
    if (outcome !== 'refreshed') {
      if (outcome === 'refused') forgetKeptSession();
      sessionStore.setState({ status: 'anonymous' });
      return false;
    }
    const { restoreSession } = await (flows ?? import('./session-context'));
    return restoreSession();
  })();
  return started;
}
