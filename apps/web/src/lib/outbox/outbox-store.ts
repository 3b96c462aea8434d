/**
 * Where the outbox keeps its captures: IndexedDB, so they survive a reload, a closed tab and a
 * phone that runs out of battery in the orchard. The queue's rules (outbox.ts) only see the
 * OutboxStore interface, so tests can give them any store.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ErrorDetail } from '@orchard/shared/core';

/** Why the server refused a capture: its answer, kept to show beside the capture. */
export interface OutboxRefusal {
  status: number;
  code: string;
  /** the rule's stable key: screens choose their text by it */
  reason: string;
  message: string;
  details: ErrorDetail[];
}

export type OutboxEntryState = 'waiting' | 'refused';

/** One capture waiting to reach the server. */
export interface OutboxEntry {
  /** the capture's id (UUID), also in the body: the server stores it, so a resend is no duplicate */
  clientId: string;
  /** the order captures are sent in */
  seq: number;
  /** who captured it: only they send it */
  userId: number;
  /** the organisation it was captured in: sent with that organisation's header */
  organizationId: number;
  /** the list it belongs to (e.g. scouting sessions): screens show their own */
  kind: string;
  method: 'POST';
  path: string;
  body: Record<string, unknown>;
  /** what a list shows for it until the server has it (block, day, ...) */
  summary: string;
  state: OutboxEntryState;
  /** failed sends since it was queued (network, server errors) */
  attempts: number;
  /** epoch ms before which it is not sent again (backoff) */
  nextAttemptAt: number;
  queuedAt: number;
  refusal: OutboxRefusal | null;
}

export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(clientId: string): Promise<void>;
}

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry };
}

export const OUTBOX_DB_NAME = 'orchard-outbox';
const OUTBOX_DB_VERSION = 1;

/** The browser's store; opened on first use. */
export function indexedDbOutboxStore(name = OUTBOX_DB_NAME): OutboxStore {
  let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;
  return storeOver(() => {
    opened ??= openDB<OutboxDb>(name, OUTBOX_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('entries', { keyPath: 'clientId' });
      },
    });
    return opened;
  });
}

function storeOver(db: () => Promise<IDBPDatabase<OutboxDb>>): OutboxStore {
  return {
    all: async () => (await db()).getAll('entries'),
    put: async (entry) => {
      await (await db()).put('entries', entry);
    },
    remove: async (clientId) => {
      await (await db()).delete('entries', clientId);
    },
  };
}

/** A store in memory: where IndexedDB is missing (some private modes) captures last the tab's life. */
export function memoryOutboxStore(initial: OutboxEntry[] = []): OutboxStore {
  const rows = new Map(initial.map((e) => [e.clientId, structuredClone(e)]));
  return {
    all: () => Promise.resolve([...rows.values()].map((e) => structuredClone(e))),
    put: (entry) => {
      rows.set(entry.clientId, structuredClone(entry));
      return Promise.resolve();
    },
    remove: (clientId) => {
      rows.delete(clientId);
      return Promise.resolve();
    },
  };
}
