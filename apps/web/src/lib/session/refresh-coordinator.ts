/**
 * One token refresh at a time across the tabs of a browser.
 *
 * The refresh cookie is shared by every tab and rotates on each use; the server takes a second
 * presentation of a rotated cookie as a replay and ends the whole session. So tabs must never
 * present the same cookie twice:
 * - a refresh runs only while its tab holds an exclusive Web Lock; tabs that need a refresh at the
 *   same time queue behind it;
 * - the tab that refreshed records that it did (a generation stamp in localStorage, not the token)
 *   and hands the new access token to the other tabs over a BroadcastChannel before it lets go;
 * - a tab that gets the lock after waiting first looks whether another tab refreshed meanwhile and
 *   takes that token instead of refreshing again. If the token has not reached it yet it waits
 *   for it briefly; failing that it refreshes itself, which is safe because the cookie it now sends
 *   is the rotated one.
 * Without Web Locks (older browsers, pages not served over https or localhost) a short lease in
 * localStorage stands in for the lock, on a best-effort basis; without storage either, refreshes
 * are only shared within the tab.
 *
 * The access token travels only in memory and over the same-origin channel; it is never stored.
 */
import type { TokenResponse } from '@orchard/shared/auth';

export const REFRESH_LOCK_NAME = 'orchard.session.refresh';
export const REFRESH_CHANNEL_NAME = 'orchard.session';
export const REFRESH_GENERATION_KEY = 'orchard.session.refreshed';
export const REFRESH_LEASE_KEY = 'orchard.session.refreshing';

/** A token handed from the tab that obtained it; expires_in counts from issuedAt (epoch ms). */
export interface SharedToken {
  token: TokenResponse;
  generation: string;
  issuedAt: number;
}

interface TokenMessage extends SharedToken {
  type: 'token';
}

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The part of navigator.locks used here. */
export interface LockManagerLike {
  request<T>(name: string, options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface RefreshCoordinatorEnv {
  locks?: LockManagerLike | null;
  channel?: ChannelLike | null;
  storage?: StorageLike | null;
  now?: () => number;
  /** how long a tab that finds another tab's refresh waits for its token to arrive */
  handOverTimeoutMs?: number;
  /** lifetime of the localStorage lease used when Web Locks are missing */
  leaseMs?: number;
  /** how often a tab waiting for another tab's lease looks again */
  pollMs?: number;
}

export interface RefreshCoordinator {
  /**
   * Resolves with a fresh token: the one another tab obtained while this tab waited its turn,
   * or the result of `refresh`, which then runs while no other tab refreshes. Rejects with what
   * `refresh` rejects with.
   */
  run(refresh: () => Promise<TokenResponse>): Promise<TokenResponse>;
  /** Told about every token another tab obtained. */
  subscribe(listener: (token: TokenResponse) => void): () => void;
  close(): void;
}

/** A token is not worth handing over when it is this close to expiring. */
const MIN_REMAINING_S = 10;

const randomId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

function isTokenMessage(data: unknown): data is TokenMessage {
  const m = data as Partial<TokenMessage> | null;
  return (
    !!m &&
    m.type === 'token' &&
    typeof m.generation === 'string' &&
    typeof m.issuedAt === 'number' &&
    typeof m.token?.access_token === 'string' &&
    typeof m.token.expires_in === 'number' &&
    typeof m.token.user_id === 'number'
  );
}

export function createRefreshCoordinator(env: RefreshCoordinatorEnv = {}): RefreshCoordinator {
  const { locks = null, channel = null, storage = null } = env;
  const now = env.now ?? Date.now;
  const handOverTimeoutMs = env.handOverTimeoutMs ?? 2_000;
  const leaseMs = env.leaseMs ?? 15_000;
  const pollMs = env.pollMs ?? 50;

  const listeners = new Set<(token: TokenResponse) => void>();
  /** the latest token received from another tab, and who waits for one */
  let received: SharedToken | null = null;
  const waiters = new Set<(shared: SharedToken) => void>();

  channel?.addEventListener('message', (event) => {
    if (!isTokenMessage(event.data)) return;
    const { token, generation, issuedAt } = event.data;
    received = { token, generation, issuedAt };
    const shared = received;
    waiters.forEach((w) => w(shared));
    listeners.forEach((l) => l(remaining(shared)));
  });

  function read(key: string): string | null {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }
  function write(key: string, value: string | null): void {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // storage unavailable: the lock alone keeps refreshes apart
    }
  }

  /** The token with expires_in counted from now. */
  function remaining(shared: SharedToken): TokenResponse {
    const left = Math.floor(shared.token.expires_in - (now() - shared.issuedAt) / 1000);
    return { ...shared.token, expires_in: Math.max(0, left) };
  }
  const usable = (shared: SharedToken | null): shared is SharedToken => !!shared && remaining(shared).expires_in > MIN_REMAINING_S;

  /** Waits for the token of a generation another tab recorded; null when it does not come in time. */
  function tokenOf(generation: string): Promise<SharedToken | null> {
    if (received?.generation === generation) return Promise.resolve(received);
    return new Promise((resolve) => {
      const done = (shared: SharedToken | null) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(shared);
      };
      const waiter = (shared: SharedToken) => {
        if (shared.generation === generation) done(shared);
      };
      const timer = setTimeout(() => done(null), handOverTimeoutMs);
      waiters.add(waiter);
    });
  }

  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (locks) return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, work);
    if (!storage) return work();
    // Best effort without Web Locks: wait while another tab's lease runs, then take one.
    for (;;) {
      const until = Number(read(REFRESH_LEASE_KEY)?.split(' ')[1]);
      if (!(until > now())) break;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    const lease = `${randomId()} ${now() + leaseMs}`;
    write(REFRESH_LEASE_KEY, lease);
    try {
      return await work();
    } finally {
      if (read(REFRESH_LEASE_KEY) === lease) write(REFRESH_LEASE_KEY, null);
    }
  }

  return {
    run(refresh) {
      // what this tab knew before waiting for its turn
      const seenGeneration = read(REFRESH_GENERATION_KEY);
      const seenReceived = received;
      return exclusive(async () => {
        // another tab refreshed while this one waited: use its token
        if (received !== seenReceived && usable(received)) return remaining(received);
        const generation = read(REFRESH_GENERATION_KEY);
        if (generation && generation !== seenGeneration) {
          const handed = await tokenOf(generation);
          if (usable(handed)) return remaining(handed);
        }
        const token = await refresh();
        const message: TokenMessage = { type: 'token', token, generation: randomId(), issuedAt: now() };
        write(REFRESH_GENERATION_KEY, message.generation);
        try {
          channel?.postMessage(message);
        } catch {
          // a closed channel: the other tabs refresh for themselves, one at a time
        }
        return token;
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      waiters.clear();
      channel?.close();
    },
  };
}

function browserEnv(): RefreshCoordinatorEnv {
  const nav = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }) : undefined;
  let storage: StorageLike | null = null;
  try {
    storage = typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    // storage blocked (some privacy settings throw on access)
  }
  let channel: ChannelLike | null = null;
  try {
    channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(REFRESH_CHANNEL_NAME) : null;
  } catch {
    channel = null;
  }
  return { locks: nav?.locks ?? null, channel, storage };
}

let current: RefreshCoordinator | null = null;

/** The coordinator of this tab, on the browser's Web Locks, BroadcastChannel and localStorage. */
export function refreshCoordinator(): RefreshCoordinator {
  current ??= createRefreshCoordinator(browserEnv());
  return current;
}

/** Replaces the tab's coordinator (tests); returns the one it replaced. */
export function setRefreshCoordinator(next: RefreshCoordinator): RefreshCoordinator | null {
  const previous = current;
  current = next;
  return previous;
}
