/**
 * How many page modules are being fetched right now. A menu click keeps the previous screen up
 * while the next screen's module loads (the router renders navigations as transitions), so the
 * shell's loading bar shows while this count is above zero, as it does while queries fetch.
 * Changes are announced after the current render (a lazy component starts its load while React
 * renders it, when no store may change).
 */
import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function change(by: number) {
  pending += by;
  listeners.forEach((listener) => listener());
}

export function trackModuleLoad<T>(load: Promise<T>): Promise<T> {
  queueMicrotask(() => change(1));
  return load.finally(() => queueMicrotask(() => change(-1)));
}

export function pendingModuleLoads(): number {
  return pending;
}

/** Tells `listener` of every change of the count; answers the function that stops it. */
export function subscribeModuleLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingModuleLoads(): number {
  return useSyncExternalStore(subscribeModuleLoads, pendingModuleLoads);
}
