import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, type TokenResponse } from '@orchard/shared/auth';
import {
  createRefreshCoordinator,
  REFRESH_LEASE_KEY,
  type ChannelLike,
  type LockManagerLike,
  type RefreshCoordinatorEnv,
  type StorageLike,
} from './refresh-coordinator';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** navigator.locks for one name: callbacks run one after another, in request order. */
function fakeLocks(): LockManagerLike & { grants: number } {
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    grants: 0,
    request<T>(_name: string, _options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(() => {
        locks.grants++;
        return callback();
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
  return locks;
}

/** BroadcastChannels of one name across tabs; a message reaches the others after `delayMs`. */
function fakeChannels(options: { delayMs?: number; drop?: boolean } = {}) {
  const open = new Set<{ listeners: ((e: MessageEvent) => void)[] }>();
  return {
    open(): ChannelLike {
      const member = { listeners: [] as ((e: MessageEvent) => void)[] };
      open.add(member);
      return {
        postMessage(message) {
          if (options.drop) return;
          const data = structuredClone(message);
          for (const other of open) {
            if (other === member) continue;
            setTimeout(() => other.listeners.forEach((l) => l({ data } as MessageEvent)), options.delayMs ?? 0);
          }
        },
        addEventListener(_type, listener) {
          member.listeners.push(listener);
        },
        close() {
          open.delete(member);
        },
      };
    },
  };
}

function fakeStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/**
 * The token endpoint as the server runs it: the browser's one cookie jar sends the current refresh
 * cookie; a cookie that was already rotated is a replay and revokes the family for good.
 */
function fakeAuthServer(latencyMs = 20) {
  let valid = 1;
  let jar = 1;
  let revoked = false;
  const presented: number[] = [];
  return {
    presented,
    get revoked() {
      return revoked;
    },
    async refresh(): Promise<TokenResponse> {
      const sent = jar;
      presented.push(sent);
      await sleep(latencyMs);
      if (revoked || sent !== valid) {
        revoked = true;
        throw new Error('401 refresh token reused');
      }
      valid = sent + 1;
      jar = valid; // Set-Cookie, seen by every tab
      return { access_token: `access-${valid}`, token_type: 'Bearer', expires_in: 900, user_id: 7 };
    },
  };
}

function tabs(count: number, env: () => RefreshCoordinatorEnv) {
  return Array.from({ length: count }, () => createRefreshCoordinator(env()));
}

describe('refresh coordination between tabs', () => {
  it('tabs refreshing at once send one refresh and all use its token', async () => {
    const server = fakeAuthServer();
    const locks = fakeLocks();
    const channels = fakeChannels();
    const storage = fakeStorage();
    const [a, b, c] = tabs(3, () => ({ locks, channel: channels.open(), storage }));
    const tokens = await Promise.all([a!, b!, c!].map((t) => t.run(() => server.refresh())));
    expect(server.presented).toEqual([1]);
    expect(server.revoked).toBe(false);
    expect(tokens.map((t) => t.access_token)).toEqual(['access-2', 'access-2', 'access-2']);
    expect(locks.grants).toBe(3);
  });

  it('without coordination the same moment ends the session (what the server does with a replay)', async () => {
    const server = fakeAuthServer();
    const [a, b] = tabs(2, () => ({}));
    const results = await Promise.allSettled([a!.run(() => server.refresh()), b!.run(() => server.refresh())]);
    expect(results.map((r) => r.status)).toContain('rejected');
    expect(server.revoked).toBe(true);
  });

  it('a tab whose turn comes before the token has reached it waits for the token', async () => {
    const server = fakeAuthServer();
    const locks = fakeLocks();
    const channels = fakeChannels({ delayMs: 150 });
    const storage = fakeStorage();
    const [a, b] = tabs(2, () => ({ locks, channel: channels.open(), storage }));
    const tokens = await Promise.all([a!.run(() => server.refresh()), b!.run(() => server.refresh())]);
    expect(server.presented).toEqual([1]);
    expect(tokens[1]!.access_token).toBe('access-2');
  });

  it('when the token never arrives the waiting tab refreshes itself, with the rotated cookie', async () => {
    const server = fakeAuthServer();
    const locks = fakeLocks();
    const channels = fakeChannels({ drop: true });
    const storage = fakeStorage();
    const [a, b] = tabs(2, () => ({ locks, channel: channels.open(), storage, handOverTimeoutMs: 50 }));
    const tokens = await Promise.all([a!.run(() => server.refresh()), b!.run(() => server.refresh())]);
    expect(server.presented).toEqual([1, 2]);
    expect(server.revoked).toBe(false);
    expect(tokens.map((t) => t.access_token)).toEqual(['access-2', 'access-3']);
  });

  it('without storage the lock alone keeps refreshes apart', async () => {
    const server = fakeAuthServer();
    const locks = fakeLocks();
    const channels = fakeChannels();
    const [a, b, c] = tabs(3, () => ({ locks, channel: channels.open() }));
    const tokens = await Promise.all([a!, b!, c!].map((t) => t.run(() => server.refresh())));
    expect(server.revoked).toBe(false);
    // a tab that received the first tab's token while it waited uses it
    expect(new Set(tokens.map((t) => t.access_token)).size).toBeLessThanOrEqual(2);
  });

  it('a refresh after another tab finished earlier (not while waiting) asks the server', async () => {
    const server = fakeAuthServer();
    const locks = fakeLocks();
    const channels = fakeChannels();
    const storage = fakeStorage();
    const [a, b] = tabs(2, () => ({ locks, channel: channels.open(), storage }));
    await a!.run(() => server.refresh());
    await sleep(5);
    const token = await b!.run(() => server.refresh());
    expect(token.access_token).toBe('access-3');
    expect(server.presented).toEqual([1, 2]);
  });

  it('does not hand over a token about to expire', async () => {
    const server = fakeAuthServer();
    const locks = fakeLocks();
    const channels = fakeChannels();
    const storage = fakeStorage();
    const [a, b] = tabs(2, () => ({ locks, channel: channels.open(), storage }));
    const first = a!.run(async () => ({ ...(await server.refresh()), expires_in: 8 }));
    const second = b!.run(() => server.refresh());
    await first;
    expect((await second).access_token).toBe('access-3');
    expect(server.revoked).toBe(false);
  });

  it('a failed refresh lets the next tab try, and rejects with its error', async () => {
    const locks = fakeLocks();
    const channels = fakeChannels();
    const storage = fakeStorage();
    const [a, b] = tabs(2, () => ({ locks, channel: channels.open(), storage }));
    const failing = a!.run(() => Promise.reject(new Error('offline')));
    const next = b!.run(async () => ({ access_token: 'x', token_type: 'Bearer' as const, expires_in: 900, user_id: 7 }));
    await expect(failing).rejects.toThrow('offline');
    await expect(next).resolves.toMatchObject({ access_token: 'x' });
  });

  it('tells subscribers about tokens other tabs obtained, with the time left counted from their issue', async () => {
    const clock = 5_000_000;
    const channels = fakeChannels();
    const a = createRefreshCoordinator({ channel: channels.open(), now: () => clock });
    // the other tab hears of it a minute later
    const b = createRefreshCoordinator({ channel: channels.open(), now: () => clock + 60_000 });
    const heard = vi.fn();
    b.subscribe(heard);
    const own = vi.fn();
    a.subscribe(own);
    await a.run(async () => ({ access_token: 'shared', token_type: 'Bearer' as const, expires_in: 900, user_id: 7 }));
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(heard).toHaveBeenCalledWith({ access_token: 'shared', token_type: 'Bearer', expires_in: 840, user_id: 7 });
    expect(own).not.toHaveBeenCalled();
  });

  describe('without Web Locks (a lease in localStorage)', () => {
    it('tabs refreshing at once send one refresh', async () => {
      const server = fakeAuthServer();
      const channels = fakeChannels();
      const storage = fakeStorage();
      const [a, b, c] = tabs(3, () => ({ channel: channels.open(), storage, pollMs: 5 }));
      const tokens = await Promise.all([a!, b!, c!].map((t) => t.run(() => server.refresh())));
      expect(server.presented).toEqual([1]);
      expect(tokens.map((t) => t.access_token)).toEqual(['access-2', 'access-2', 'access-2']);
      expect(storage.map.has(REFRESH_LEASE_KEY)).toBe(false);
    });

    it('a lease left by a closed tab stops counting when it runs out', async () => {
      const server = fakeAuthServer();
      const storage = fakeStorage();
      storage.setItem(REFRESH_LEASE_KEY, `gone ${Date.now() + 60}`);
      const tab = createRefreshCoordinator({ storage, pollMs: 5 });
      await expect(tab.run(() => server.refresh())).resolves.toMatchObject({ access_token: 'access-2' });
    });
  });
});

describe('two tabs of the app', () => {
  /** One instance of the app's modules per tab, over one browser's cookie jar, locks and channels. */
  async function openTab(env: () => RefreshCoordinatorEnv) {
    vi.resetModules();
    const client = await import('../api-client');
    const store = await import('./session-store');
    const coordination = await import('./refresh-coordinator');
    coordination.setRefreshCoordinator(coordination.createRefreshCoordinator(env()));
    store.sessionStore.setState({ status: 'authenticated', accessToken: 'expired', userId: 7, organizationId: 3 });
    return { client, store };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('both tabs get 401 at the same moment: one refresh, both requests succeed, the session lives on', async () => {
    const server = fakeAuthServer();
    let refreshes = 0;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === AUTH_PATHS.token) {
          refreshes++;
          try {
            return json(200, await server.refresh());
          } catch {
            return json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' }, requestId: 'r' });
          }
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer expired'
          ? json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' }, requestId: 'r' })
          : json(200, { url, auth });
      }),
    );
    const locks = fakeLocks();
    const channels = fakeChannels();
    const storage = fakeStorage();
    const env = () => ({ locks, channel: channels.open(), storage });
    const tabA = await openTab(env);
    const tabB = await openTab(env);
    const onExpiredA = vi.fn();
    const onExpiredB = vi.fn();
    tabA.client.configureApiClient({ onSessionExpired: onExpiredA });
    tabB.client.configureApiClient({ onSessionExpired: onExpiredB });

    const results = await Promise.all([
      tabA.client.apiRequest('/api/a1'),
      tabB.client.apiRequest('/api/b1'),
      tabA.client.apiRequest('/api/a2'),
      tabB.client.apiRequest('/api/b2'),
    ]);
    expect(results).toEqual([
      { url: '/api/a1', auth: 'Bearer access-2' },
      { url: '/api/b1', auth: 'Bearer access-2' },
      { url: '/api/a2', auth: 'Bearer access-2' },
      { url: '/api/b2', auth: 'Bearer access-2' },
    ]);
    expect(refreshes).toBe(1);
    expect(server.revoked).toBe(false);
    expect(onExpiredA).not.toHaveBeenCalled();
    expect(onExpiredB).not.toHaveBeenCalled();
    expect(tabB.store.sessionStore.getState().accessToken).toBe('access-2');

    // later, one tab refreshes on its own; the other takes up its token
    tabA.store.sessionStore.setState({ accessToken: 'expired' });
    await tabA.client.apiRequest('/api/a3');
    await vi.waitFor(() => expect(tabB.store.sessionStore.getState().accessToken).toBe('access-3'));
    expect(server.revoked).toBe(false);
  });
});
