/**
 * Opening the app without a network. While a user is signed in, the session (the ids that pick
 * the context and the server data the shell and screens were built from: user, organisations,
 * permissions, menu, farms and the field capture lists of the current organisation, nothing else of
 * it: KEPT_ORGANIZATION_QUERIES) is kept on the device. When the app
 * starts and the token refresh gets no answer at all (no network, as opposed to a refusal), that
 * session is taken up again: the shell and the capture screens open on what was kept, the outbox
 * queues captures, and once the network is back the API client refreshes the token as usual (the
 * session-expired dialog asks for the password if the server no longer knows the session).
 *
 * Sign-out, a refused refresh and another user's sign-in replace or remove what is kept.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '../query-client';
import { offlineSessionStore, type OfflineSession, type OfflineSessionStore } from './offline-session-store';
import { sessionStore, setCurrentOrganization, type SessionState } from './session-store';

/** A kept session older than the longest sign-in the server grants (remember me) is not used. */
export const OFFLINE_SESSION_MAX_AGE_MS = 30 * 24 * 3_600_000;
/** Writes wait this long after the last change, so a screen's burst of answers is one write. */
export const OFFLINE_SESSION_SAVE_DELAY_MS = 400;

interface Owner {
  userId: number;
  organizationId: number;
}

/**
 * The current organisation's answers kept on the device: what the shell is built from and what
 * the field capture screens need. Nothing else of the organisation (people, users, sign-ins,
 * harvest figures) is written to the device.
 */
export const KEPT_ORGANIZATION_QUERIES: ReadonlySet<string> = new Set(['menu', 'menu-by-permissions', 'permissions', 'default-page', 'preferences', 'farms', 'field-capture']);

/** Whether a query is kept: a successful one of the signed-in user, or a kept one of the current organisation. */
export function keepsQuery(queryKey: readonly unknown[], status: string, owner: Owner): boolean {
  if (status !== 'success') return false;
  if (queryKey[0] === 'me') return queryKey[1] === owner.userId;
  return queryKey[0] === 'org' && queryKey[1] === owner.organizationId && KEPT_ORGANIZATION_QUERIES.has(String(queryKey[2]));
}

/** The owner of the session to keep, or null when there is none (not signed in yet, signing out). */
export function sessionOwner(state: SessionState): Owner | null {
  if (state.status !== 'authenticated' || state.userId == null || state.organizationId == null) return null;
  return { userId: state.userId, organizationId: state.organizationId };
}

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** Whether a kept record can open the app now: well formed and not too old. */
export function isUsableOfflineSession(value: unknown, now: number): value is OfflineSession {
  const s = value as Partial<OfflineSession> | null;
  if (!s || !isId(s.userId) || !isId(s.organizationId) || typeof s.savedAt !== 'number') return false;
  if (s.selectedFarmId != null && !isId(s.selectedFarmId)) return false;
  if (s.landingPage != null && typeof s.landingPage !== 'string') return false;
  const queries = s.queries as Partial<DehydratedState> | null | undefined;
  if (!queries || !Array.isArray(queries.queries)) return false;
  return s.savedAt <= now && now - s.savedAt <= OFFLINE_SESSION_MAX_AGE_MS;
}

/** What would be kept of the session now, or null when no one is signed in. */
export function offlineSessionOf(state: SessionState, client: QueryClient, now: number): OfflineSession | null {
  const owner = sessionOwner(state);
  if (!owner) return null;
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (q) => keepsQuery(q.queryKey, q.state.status, owner),
    shouldDehydrateMutation: () => false,
  });
  return { ...owner, selectedFarmId: state.selectedFarmId, landingPage: state.landingPage, savedAt: now, queries };
}

/**
 * Takes up the kept session (the start-up found no network): fills the query cache with what was
 * kept and marks the user signed in, without an access token until the network is back.
 */
export async function resumeOfflineSession(
  store: OfflineSessionStore = offlineSessionStore(),
  client: QueryClient = appQueryClient,
  now = Date.now(),
): Promise<boolean> {
  let kept: OfflineSession | null;
  try {
    kept = await store.read();
  } catch {
    return false;
  }
  if (!isUsableOfflineSession(kept, now)) return false;
  hydrate(client, kept.queries as DehydratedState);
  setCurrentOrganization(kept.organizationId);
  sessionStore.setState({
    status: 'authenticated',
    accessToken: null,
    expiresAt: null,
    userId: kept.userId,
    selectedFarmId: kept.selectedFarmId,
    landingPage: kept.landingPage,
    sessionExpired: false,
  });
  return true;
}

let stopKeeping: (() => void) | null = null;

/**
 * Keeps the session while signed in (after each change of the query cache or the session, a
 * moment later) and removes it once signed out. Once per page; returns the stop function.
 */
export function keepOfflineSession(store: OfflineSessionStore = offlineSessionStore(), client: QueryClient = appQueryClient): () => void {
  if (stopKeeping) return stopKeeping;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const session = offlineSessionOf(sessionStore.getState(), client, Date.now());
    // a value the browser cannot store is skipped: the next change tries again
    if (session) void store.write(session).catch(() => undefined);
  };
  const schedule = () => {
    if (timer === null) timer = setTimeout(save, OFFLINE_SESSION_SAVE_DELAY_MS);
  };
  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') schedule();
  });
  const unsubscribeSession = sessionStore.subscribe(() => {
    const state = sessionStore.getState();
    if (state.status === 'anonymous') {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      void store.clear().catch(() => undefined);
    } else if (sessionOwner(state)) {
      schedule();
    }
  });
  schedule();
  stopKeeping = () => {
    if (timer !== null) clearTimeout(timer);
    unsubscribeCache();
    unsubscribeSession();
    stopKeeping = null;
  };
  return stopKeeping;
}
