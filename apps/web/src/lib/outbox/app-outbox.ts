/**
 * The browser's one outbox: captures kept in IndexedDB, sent through the API client as the
 * signed-in user, on start, right after each capture, when the browser comes online and after
 * each backoff. Tabs tell each other when they changed it. Screens read it through the hooks here.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from '../api-client';
import { isApiError } from '../api-error';
import { sessionStore } from '../session/session-store';
import { createOutbox, type NewCapture, type Outbox, type SendOutcome } from './outbox';
import { indexedDbOutboxStore, memoryOutboxStore, type OutboxEntry } from './outbox-store';

const CHANNEL = 'orchard-outbox';

/** POST the capture; the answer's status, or 0 when none came. */
export async function sendCapture(entry: OutboxEntry): Promise<SendOutcome> {
  let status = 0;
  try {
    await apiRequest(entry.path, {
      method: entry.method,
      body: entry.body,
      tenant: entry.organizationId,
      responseType: 'none',
      onResponse: (response) => {
        status = response.status;
      },
    });
    return { status };
  } catch (e) {
    if (!isApiError(e) || e.isNetworkError) return { status: 0 };
    return { status: e.status, refusal: { code: e.code, reason: e.reason, message: e.message, details: e.details ?? [] } };
  }
}

let outbox: Outbox | null = null;
let channel: BroadcastChannel | null = null;
let started = false;

function appOutbox(): Outbox {
  outbox ??= createOutbox({
    store: typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore(),
    send: sendCapture,
    currentUserId: () => {
      const s = sessionStore.getState();
      return s.status === 'authenticated' ? s.userId : null;
    },
  });
  return outbox;
}

const tellOtherTabs = () => channel?.postMessage('changed');

/** Starts sending (once per page): reads what earlier visits left and follows the network. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  const box = appOutbox();
  void box.load();
  window.addEventListener('online', () => void box.wake());
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void box.load();
  }
  box.onSent(tellOtherTabs);
  // another user signing in on this browser sends their own captures
  let userId = sessionStore.getState().userId;
  sessionStore.subscribe(() => {
    const next = sessionStore.getState().userId;
    if (next !== userId) {
      userId = next;
      void box.flush();
    }
  });
}

/** The shell starts the outbox, so captures go out whichever screen is open. */
export function useOutboxSender(): void {
  useEffect(() => startOutbox(), []);
}

export async function queueCapture(capture: NewCapture): Promise<OutboxEntry> {
  const entry = await appOutbox().enqueue(capture);
  tellOtherTabs();
  return entry;
}

export async function resubmitCapture(clientId: string, body: Record<string, unknown>, summary: string): Promise<OutboxEntry | null> {
  const entry = await appOutbox().resubmit(clientId, body, summary);
  tellOtherTabs();
  return entry;
}

export async function discardCapture(clientId: string): Promise<void> {
  await appOutbox().discard(clientId);
  tellOtherTabs();
}

const subscribe = (listener: () => void) => appOutbox().subscribe(listener);
const snapshot = () => appOutbox().entries();
const loadedSnapshot = () => appOutbox().loaded();

/** Whether the outbox has read what earlier visits left (until then it knows of no capture either way). */
export function useOutboxLoaded(): boolean {
  return useSyncExternalStore(subscribe, loadedSnapshot, loadedSnapshot);
}

/** Every capture of the signed-in user still in the outbox, oldest first. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  const entries = useSyncExternalStore(subscribe, snapshot, snapshot);
  const userId = useSyncExternalStore(sessionStore.subscribe, () => sessionStore.getState().userId);
  return userId === null ? [] : entries.filter((e) => e.userId === userId);
}

/** Calls `onSent` with each capture the server now has (e.g. to reload its list). */
export function useCaptureSent(onSent: (entry: OutboxEntry) => void): void {
  useEffect(() => appOutbox().onSent((entry) => onSent(entry)), [onSent]);
}

const onlineSubscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser believes it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineSubscribe, () => navigator.onLine, () => true);
}
