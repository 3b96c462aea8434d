/**
 * Start-up: try a silent refresh through the httpOnly cookie. Only when it succeeds are the
 * session flows (and their zod schemas) downloaded, so an anonymous visit to /login stays light.
 */
import { refreshAccessToken } from '../api-client';
import { sessionStore } from './session-store';

let started: Promise<boolean> | null = null;

export function bootstrapSession(): Promise<boolean> {
  started ??= (async () => {
    if (!(await refreshAccessToken())) {
      sessionStore.setState({ status: 'anonymous' });
      return false;
    }
    const { restoreSession } = await import('./session-context');
    return restoreSession();
  })();
  return started;
}
