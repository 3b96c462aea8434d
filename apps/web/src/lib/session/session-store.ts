/**
 * Client-side session: the in-memory access token and the ids that pick the current context.
 * Server data (user, organisations, permissions, menu...) lives in the query cache, keyed by these ids.
 * The access token is never persisted; a reload restores the session through the httpOnly refresh cookie.
 */
import { createStore, useStore } from '../create-store';

export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  /** epoch ms when the access token expires */
  expiresAt: number | null;
  userId: number | null;
  organizationId: number | null;
  selectedFarmId: number | null;
  landingPage: string | null;
  /** the refresh failed while signed in: the session-expired modal is open */
  sessionExpired: boolean;
}

const ORGANIZATION_KEY = 'orchard.organizationId';

const initialState: SessionState = {
  status: 'unknown',
  accessToken: null,
  expiresAt: null,
  userId: null,
  organizationId: null,
  selectedFarmId: null,
  landingPage: null,
  sessionExpired: false,
};

export const sessionStore = createStore<SessionState>({ ...initialState });

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export function setAccessToken(token: { access_token: string; expires_in: number; user_id: number }): void {
  sessionStore.setState({
    accessToken: token.access_token,
    expiresAt: Date.now() + token.expires_in * 1000,
    userId: token.user_id,
  });
}

export function setCurrentOrganization(organizationId: number): void {
  try {
    sessionStorage.setItem(ORGANIZATION_KEY, String(organizationId));
  } catch {
    // storage unavailable (private mode): the tab simply falls back to the user's last organisation
  }
  sessionStore.setState({ organizationId });
}

/** The organisation this tab last used, so a reload keeps it. */
export function rememberedOrganizationId(): number | null {
  try {
    const v = Number(sessionStorage.getItem(ORGANIZATION_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export function clearSession(): void {
  try {
    sessionStorage.removeItem(ORGANIZATION_KEY);
  } catch {
    // ignore
  }
  sessionStore.setState({ ...initialState, status: 'anonymous' });
}
