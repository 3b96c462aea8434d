/**
 * Where the signed-in session is kept for opening the app without a network (offline-session.ts):
 * one record in IndexedDB, written while signed in, removed on sign-out and when the server refuses
 * the session. Small on purpose (idb only), so the start-up may load it to clear the record.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** The session as it was: the ids that pick the context and the server data it was built from. */
export interface OfflineSession {
  userId: number;
  organizationId: number;
  selectedFarmId: number | null;
  landingPage: string | null;
  /** epoch ms */
  savedAt: number;
  /** the query cache's dehydrated queries (TanStack Query's own format) */
  queries: unknown;
}

export interface OfflineSessionStore {
  read(): Promise<OfflineSession | null>;
  write(session: OfflineSession): Promise<void>;
  clear(): Promise<void>;
}

interface SessionDb extends DBSchema {
  session: { key: string; value: OfflineSession };
}

export const OFFLINE_SESSION_DB_NAME = 'orchard-session';
const KEY = 'current';

export function indexedDbOfflineSessionStore(name = OFFLINE_SESSION_DB_NAME): OfflineSessionStore {
  let opened: Promise<IDBPDatabase<SessionDb>> | null = null;
  const db = () => {
    opened ??= openDB<SessionDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('session');
      },
    });
    return opened;
  };
  return {
    read: async () => (await (await db()).get('session', KEY)) ?? null,
    write: async (session) => {
      await (await db()).put('session', session, KEY);
    },
    clear: async () => {
      await (await db()).delete('session', KEY);
    },
  };
}

export function memoryOfflineSessionStore(): OfflineSessionStore {
  let kept: OfflineSession | null = null;
  return {
    read: () => Promise.resolve(kept ? structuredClone(kept) : null),
    write: (session) => {
      kept = structuredClone(session);
      return Promise.resolve();
    },
    clear: () => {
      kept = null;
      return Promise.resolve();
    },
  };
}

let browserStore: OfflineSessionStore | null = null;

/** The browser's store (in memory where IndexedDB is missing). */
export function offlineSessionStore(): OfflineSessionStore {
  browserStore ??= typeof indexedDB === 'undefined' ? memoryOfflineSessionStore() : indexedDbOfflineSessionStore();
  return browserStore;
}
