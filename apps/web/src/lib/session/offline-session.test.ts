import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OFFLINE_SESSION_MAX_AGE_MS,
  OFFLINE_SESSION_SAVE_DELAY_MS,
  isUsableOfflineSession,
  keepOfflineSession,
  keepsQuery,
  offlineSessionOf,
  resumeOfflineSession,
} from './offline-session';
import { indexedDbOfflineSessionStore, memoryOfflineSessionStore, type OfflineSession } from './offline-session-store';
import { clearSession, sessionStore, type SessionState } from './session-store';

const NOW = Date.UTC(2025, 9, 1, 8, 0, 0);
const owner = { userId: 7, organizationId: 3 };

const signedIn = (over: Partial<SessionState> = {}): SessionState => ({
  status: 'authenticated',
  accessToken: 'token',
  expiresAt: NOW + 60_000,
  userId: 7,
  organizationId: 3,
  selectedFarmId: 11,
  landingPage: '/field/scouting',
  sessionExpired: false,
  ...over,
});

function filledClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['me', 7], { id: 7, userName: 'scout' });
  client.setQueryData(['me', 7, 'organizations'], [{ id: 3, name: 'Citrus' }]);
  client.setQueryData(['me', 8], { id: 8, userName: 'someone else' });
  client.setQueryData(['org', 3, 'menu'], [{ label: 'Field Data' }]);
  client.setQueryData(['org', 3, 'field-capture', 'blocks'], [{ id: 1, name: 'Block 1', observedAt: new Date(NOW) }]);
  client.setQueryData(['org', 4, 'menu'], [{ label: 'another organisation' }]);
  client.setQueryData(['blob', 3, 'avatars', 'a'], 'image');
  return client;
}

const keyOf = (s: OfflineSession) => (s.queries as { queries: { queryKey: unknown[] }[] }).queries.map((q) => JSON.stringify(q.queryKey)).sort();

describe('what is kept of a session', () => {
  it('successful queries of the user and of the current organisation only', () => {
    expect(keepsQuery(['me', 7], 'success', owner)).toBe(true);
    expect(keepsQuery(['org', 3, 'permissions'], 'success', owner)).toBe(true);
    expect(keepsQuery(['org', 3, 'field-capture', 'blocks'], 'success', owner)).toBe(true);
    // the organisation's people, users and sign-ins never go to the device
    for (const area of ['users', 'employees', 'login-history', 'harvest']) expect(keepsQuery(['org', 3, area], 'success', owner)).toBe(false);
    expect(keepsQuery(['me', 8], 'success', owner)).toBe(false);
    expect(keepsQuery(['org', 4, 'menu'], 'success', owner)).toBe(false);
    expect(keepsQuery(['blob', 3, 'avatars', 'a'], 'success', owner)).toBe(false);
    expect(keepsQuery(['org', 3, 'menu'], 'error', owner)).toBe(false);
    expect(keepsQuery(['org', 3, 'menu'], 'pending', owner)).toBe(false);
  });

  it('nothing while no one is signed in', () => {
    const client = filledClient();
    expect(offlineSessionOf(signedIn({ status: 'anonymous' }), client, NOW)).toBeNull();
    expect(offlineSessionOf(signedIn({ status: 'unknown' }), client, NOW)).toBeNull();
    expect(offlineSessionOf(signedIn({ organizationId: null }), client, NOW)).toBeNull();
  });

  it('the ids, the time and the kept queries; never the access token', () => {
    const kept = offlineSessionOf(signedIn(), filledClient(), NOW)!;
    expect(kept).toMatchObject({ userId: 7, organizationId: 3, selectedFarmId: 11, landingPage: '/field/scouting', savedAt: NOW });
    expect(keyOf(kept)).toEqual(['["me",7,"organizations"]', '["me",7]', '["org",3,"field-capture","blocks"]', '["org",3,"menu"]']);
    expect(JSON.stringify(kept)).not.toContain('token');
  });
});

describe('whether a kept session can open the app', () => {
  const kept = (over: Partial<OfflineSession> = {}): OfflineSession => ({
    userId: 7,
    organizationId: 3,
    selectedFarmId: null,
    landingPage: null,
    savedAt: NOW - 1000,
    queries: { mutations: [], queries: [] },
    ...over,
  });

  it('a well-formed one of the last 30 days', () => {
    expect(isUsableOfflineSession(kept(), NOW)).toBe(true);
    expect(isUsableOfflineSession(kept({ savedAt: NOW - OFFLINE_SESSION_MAX_AGE_MS }), NOW)).toBe(true);
  });

  it('not an older one, one from the future, or anything malformed', () => {
    expect(isUsableOfflineSession(kept({ savedAt: NOW - OFFLINE_SESSION_MAX_AGE_MS - 1 }), NOW)).toBe(false);
    expect(isUsableOfflineSession(kept({ savedAt: NOW + 60_000 }), NOW)).toBe(false);
    expect(isUsableOfflineSession(null, NOW)).toBe(false);
    expect(isUsableOfflineSession({}, NOW)).toBe(false);
    expect(isUsableOfflineSession(kept({ userId: 0 }), NOW)).toBe(false);
    expect(isUsableOfflineSession(kept({ organizationId: 1.5 }), NOW)).toBe(false);
    expect(isUsableOfflineSession(kept({ queries: null }), NOW)).toBe(false);
    expect(isUsableOfflineSession(kept({ landingPage: 5 as unknown as string }), NOW)).toBe(false);
  });
});

describe('keeping and taking up a session', () => {
  beforeEach(() => {
    clearSession();
  });
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
  });

  it('takes up what was kept without a token: the user, the organisation and the cached answers', async () => {
    const store = indexedDbOfflineSessionStore(`offline-session-test-${Math.random()}`);
    await store.write(offlineSessionOf(signedIn(), filledClient(), NOW)!);

    const fresh = new QueryClient();
    expect(await resumeOfflineSession(store, fresh, NOW + 1000)).toBe(true);
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', accessToken: null, userId: 7, organizationId: 3, selectedFarmId: 11 });
    expect(fresh.getQueryData(['org', 3, 'menu'])).toEqual([{ label: 'Field Data' }]);
    // IndexedDB keeps dates as dates
    expect(fresh.getQueryData<{ observedAt: Date }[]>(['org', 3, 'field-capture', 'blocks'])![0]!.observedAt).toEqual(new Date(NOW));
    expect(fresh.getQueryData(['org', 4, 'menu'])).toBeUndefined();
  });

  it('opens nothing when nothing usable was kept', async () => {
    const store = memoryOfflineSessionStore();
    expect(await resumeOfflineSession(store, new QueryClient(), NOW)).toBe(false);
    await store.write({ ...offlineSessionOf(signedIn(), filledClient(), NOW)!, savedAt: NOW - OFFLINE_SESSION_MAX_AGE_MS - 1 });
    expect(await resumeOfflineSession(store, new QueryClient(), NOW)).toBe(false);
    expect(sessionStore.getState().status).toBe('anonymous');
  });

  it('writes a moment after the answers change, and removes the session once signed out', async () => {
    vi.useFakeTimers();
    const store = memoryOfflineSessionStore();
    const client = filledClient();
    sessionStore.setState(signedIn());
    const stop = keepOfflineSession(store, client);
    try {
      await vi.advanceTimersByTimeAsync(OFFLINE_SESSION_SAVE_DELAY_MS);
      expect((await store.read())?.userId).toBe(7);

      client.setQueryData(['org', 3, 'farms'], [{ id: 11 }]);
      await vi.advanceTimersByTimeAsync(OFFLINE_SESSION_SAVE_DELAY_MS);
      expect(keyOf((await store.read())!)).toContain('["org",3,"farms"]');

      clearSession();
      await vi.advanceTimersByTimeAsync(OFFLINE_SESSION_SAVE_DELAY_MS);
      expect(await store.read()).toBeNull();
    } finally {
      stop();
    }
  });
});
