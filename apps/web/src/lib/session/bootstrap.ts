/**
 * Start-up: try a silent refresh through the httpOnly cookie. Only when it succeeds are the
 * session flows (and their zod schemas) downloaded, so an anonymous visit to /login stays light.
 * When the refresh gets no answer at all (no network), the session kept on the device, if any,
 * opens the app (offline-session.ts); a refusal removes what was kept.
 */
import { refreshAccessTokenOutcome } from '../api-client';
import { sessionStore } from './session-store';

let started: Promise<boolean> | null = null;

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
    const outcome = await refreshAccessTokenOutcome();
    if (outcome === 'unreachable' && (await resumeWithoutNetwork())) return true;
    if (outcome !== 'refreshed') {
      if (outcome === 'refused') forgetKeptSession();
      sessionStore.setState({ status: 'anonymous' });
      return false;
    }
    const { restoreSession } = await import('./session-context');
    return restoreSession();
  })();
  return started;
}
