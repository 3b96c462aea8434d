/** Revoke the refresh family on the server, then forget everything client-side. */
import { AUTH_ENDPOINTS } from '../../config/auth-paths';
import { clearSession, sessionStore } from './session-store';

export async function logout(): Promise<void> {
  const token = sessionStore.getState().accessToken;
  try {
    await fetch(AUTH_ENDPOINTS.logout, {
      method: 'POST',
      credentials: 'same-origin',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    // offline: nothing more to revoke from here; the refresh token expires on the server
  }
  clearSession();
  const { queryClient } = await import('../query-client');
  queryClient.clear();
}
