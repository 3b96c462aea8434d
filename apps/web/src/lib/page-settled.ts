/**
 * When a screen's first data is in, for work that should not compete with it: the notifications
 * bell's requests and the offline shell's download (register-service-worker.ts). Every request of a
 * page load shares the browser's six connections to the server and, on the embedded database, one
 * database thread: the bell's three requests sent beside the screen's delayed its answer and drew
 * the top bar again between the answer and the rows, and the offline shell's download of every
 * file of the app took the connections the first visit's own files and requests were waiting for
 * (BENCHMARKS.md, picking-browser).
 *
 * Settled: no query fetching (but those `ignore` names) and no screen module loading for
 * PAGE_QUIET_MS on end, and again on the task after that; or `maxMs` after the wait began, whatever
 * is still being asked (a screen that keeps asking never holds the rest back for long). The quiet
 * time covers what comes between an answer and the requests it leads to: the query cache tells
 * React on a later task, React renders, and a query that the render mounts or enables starts in an
 * effect after it; and a page module that has arrived is shown by React up to 300 ms later (it
 * shows a boundary's content no sooner than 300 ms after its fallback), when its queries start.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pendingModuleLoads, subscribeModuleLoads } from './module-loads';

/** How long nothing may be asked before the page counts as settled. */
export const PAGE_QUIET_MS = 300;

export interface PageSettledOptions {
  /** queries whose fetching does not count (the waiting party's own) */
  ignore?: (queryKey: QueryKey) => boolean;
  maxMs: number;
}

/** Calls `then` once the page has settled (see above); answers the function that cancels the wait. */
export function onPageSettled(queryClient: QueryClient, then: () => void, { ignore = () => false, maxMs }: PageSettledOptions): () => void {
  const cache = queryClient.getQueryCache();
  const busy = () => pendingModuleLoads() > 0 || cache.findAll({ fetchStatus: 'fetching' }).some((q) => !ignore(q.queryKey));
  let done = false;
  let check: number | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    cancel();
    then();
  };
  const look = () => {
    window.clearTimeout(check);
    check = undefined;
    if (busy()) return;
    check = window.setTimeout(() => {
      if (busy()) return;
      // once more on the next task: an effect queued behind this timer may still ask
      check = window.setTimeout(() => {
        if (!busy()) finish();
      }, 0);
    }, PAGE_QUIET_MS);
  };
  const stopCache = cache.subscribe(look);
  const stopModules = subscribeModuleLoads(look);
  const latest = window.setTimeout(finish, maxMs);
  const cancel = () => {
    stopCache();
    stopModules();
    window.clearTimeout(check);
    window.clearTimeout(latest);
  };
  look();
  return cancel;
}

/** The bell's wait: at most two seconds. */
export const PAGE_SETTLE_MAX_MS = 2000;

/** True once the page has settled (onPageSettled, at most PAGE_SETTLE_MAX_MS); then true for the component's life. */
export function usePageSettled(ignore: (queryKey: QueryKey) => boolean): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    return onPageSettled(queryClient, () => setSettled(true), { ignore, maxMs: PAGE_SETTLE_MAX_MS });
    // `ignore` is read whenever the cache changes: a new function at each render must not restart the wait
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, settled]);
  return settled;
}
