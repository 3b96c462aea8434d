/**
 * The outbox of field captures. A capture is stored first (outbox-store.ts), then sent; it leaves
 * the outbox only when the server has it. The rules:
 *
 * - Captures are sent one at a time, oldest first, by the user who captured them, with the
 *   organisation they were captured in.
 * - A 2xx answer removes the capture: 201 the server stored it now, 200 it already had it (a
 *   resend of the same clientId after an answer that never arrived).
 * - A 4xx answer other than 401, 408 and 429 is a refusal: the capture stays, marked refused with
 *   the server's answer, until the person edits it (sent again) or discards it. Later captures are
 *   still sent.
 * - Anything else (no network, 401, 408, 429, 5xx) leaves the capture waiting: the pass stops there,
 *   so the order holds, and the capture is tried again after a backoff that doubles per failure
 *   (BACKOFF_MIN_MS to BACKOFF_MAX_MS), or at once when the browser comes online again.
 */
import type { OutboxEntry, OutboxRefusal, OutboxStore } from './outbox-store';

export const BACKOFF_MIN_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** What a send came to: the server's status, or no answer at all (network). */
export interface SendOutcome {
  /** 0: no answer */
  status: number;
  /** the error answer's code, reason, message and details */
  refusal?: Omit<OutboxRefusal, 'status'>;
}

export type SendCapture = (entry: OutboxEntry) => Promise<SendOutcome>;

/** Refused: the server will answer the same however often it is sent. */
export function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempts - 1));
}

export interface NewCapture {
  kind: string;
  path: string;
  /** the body without its clientId: the outbox adds it */
  body: Record<string, unknown>;
  summary: string;
  userId: number;
  organizationId: number;
}

export interface OutboxOptions {
  store: OutboxStore;
  send: SendCapture;
  newId?: () => string;
  now?: () => number;
  isOnline?: () => boolean;
  /** the signed-in user: only their captures are sent */
  currentUserId: () => number | null;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface Outbox {
  /** reads the store (again: another tab may have changed it) and sends what is due */
  load(): Promise<void>;
  entries(): readonly OutboxEntry[];
  /**
   * Whether the store has been read: until then `entries()` is empty because nothing is known
   * yet, not because everything was sent (a page opened after offline captures shows them only
   * once their store has been read).
   */
  loaded(): boolean;
  subscribe(listener: () => void): () => void;
  /** told of every capture the server now has (status 200 or 201) */
  onSent(listener: (entry: OutboxEntry, status: number) => void): () => void;
  enqueue(capture: NewCapture): Promise<OutboxEntry>;
  /** a refused capture, edited: queued again in its place with a new id (nothing was stored under the old one) */
  resubmit(clientId: string, body: Record<string, unknown>, summary: string): Promise<OutboxEntry | null>;
  discard(clientId: string): Promise<void>;
  /** sends every due capture in order; one pass at a time */
  flush(): Promise<void>;
  /** the network is back: everything waiting is due now */
  wake(): Promise<void>;
  stop(): void;
}

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq || a.queuedAt - b.queuedAt || a.clientId.localeCompare(b.clientId);

export function createOutbox(options: OutboxOptions): Outbox {
  const { store, send, currentUserId } = options;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));

  let snapshot: readonly OutboxEntry[] = [];
  let hasLoaded = false;
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(entry: OutboxEntry, status: number) => void>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;
  let stopped = false;

  const publish = (entries: OutboxEntry[]) => {
    snapshot = [...entries].sort(bySeq);
    listeners.forEach((l) => l());
  };
  const replaceInSnapshot = (entry: OutboxEntry) => publish([...snapshot.filter((e) => e.clientId !== entry.clientId), entry]);
  const removeFromSnapshot = (clientId: string) => publish(snapshot.filter((e) => e.clientId !== clientId));

  const save = async (entry: OutboxEntry) => {
    await store.put(entry);
    replaceInSnapshot(entry);
  };

  const mine = () => {
    const userId = currentUserId();
    return userId === null ? [] : snapshot.filter((e) => e.userId === userId);
  };

  function schedule() {
    if (timer !== null) clearTimer(timer);
    timer = null;
    // offline, the browser's online event starts the next pass
    if (stopped || !isOnline()) return;
    // captures go in order: the oldest waiting one says when the next pass can send anything
    const head = mine().find((e) => e.state === 'waiting');
    if (!head) return;
    const next = head.nextAttemptAt;
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, Math.max(0, next - now()));
  }

  /** One pass over the due captures, oldest first; it stops at one that could not be sent. */
  async function pass(): Promise<void> {
    for (const queued of mine()) {
      if (stopped || !isOnline()) return;
      if (queued.state !== 'waiting') continue;
      if (queued.nextAttemptAt > now()) return;
      // the capture may have been discarded or resubmitted while an earlier one was on its way
      const entry = snapshot.find((e) => e.clientId === queued.clientId);
      if (!entry || entry.state !== 'waiting') continue;
      const outcome = await send(entry);
      if (outcome.status >= 200 && outcome.status < 300) {
        await store.remove(entry.clientId);
        removeFromSnapshot(entry.clientId);
        sentListeners.forEach((l) => l(entry, outcome.status));
      } else if (isRefusal(outcome.status)) {
        const refusal: OutboxRefusal = { code: '', reason: '', message: '', details: [], ...outcome.refusal, status: outcome.status };
        await save({ ...entry, state: 'refused', refusal });
      } else {
        const attempts = entry.attempts + 1;
        await save({ ...entry, attempts, nextAttemptAt: now() + backoffMs(attempts) });
        return;
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } finally {
        running = null;
        schedule();
      }
    })();
    return running;
  }

  return {
    async load() {
      const stored = await store.all();
      hasLoaded = true;
      publish(stored);
      await flush();
    },
    entries: () => snapshot,
    loaded: () => hasLoaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    async enqueue(capture) {
      const clientId = newId();
      const seq = Math.max(now(), ...snapshot.map((e) => e.seq + 1));
      const entry: OutboxEntry = {
        clientId,
        seq,
        userId: capture.userId,
        organizationId: capture.organizationId,
        kind: capture.kind,
        method: 'POST',
        path: capture.path,
        body: { ...capture.body, clientId },
        summary: capture.summary,
        state: 'waiting',
        attempts: 0,
        nextAttemptAt: now(),
        queuedAt: now(),
        refusal: null,
      };
      await save(entry);
      void flush();
      return entry;
    },
    async resubmit(clientId, body, summary) {
      const old = snapshot.find((e) => e.clientId === clientId);
      if (!old || old.state !== 'refused') return null;
      const id = newId();
      const entry: OutboxEntry = {
        ...old,
        clientId: id,
        body: { ...body, clientId: id },
        summary,
        state: 'waiting',
        attempts: 0,
        nextAttemptAt: now(),
        refusal: null,
      };
      await store.put(entry);
      await store.remove(clientId);
      publish([...snapshot.filter((e) => e.clientId !== clientId), entry]);
      void flush();
      return entry;
    },
    async discard(clientId) {
      await store.remove(clientId);
      removeFromSnapshot(clientId);
      schedule();
    },
    flush,
    async wake() {
      const due = mine().filter((e) => e.state === 'waiting' && e.nextAttemptAt > now());
      for (const e of due) await save({ ...e, nextAttemptAt: now() });
      await flush();
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
