/**
 * When the shell's own secondary requests (the bell's unread count, attention list and event
 * stream) may go out: once the page's first data is in, so they do not queue beside the page's
 * requests (the embedded database answers one statement at a time) nor add their rendering to the
 * page's first paint.
 *
 * "In" means no query and no page code in flight for PAGE_QUIET_MS; a page that keeps the network
 * busy does not hold them back longer than SECONDARY_MAX_WAIT_MS. Decided once per shell: an
 * organisation switch later does not wait again.
 */
import { useEffect, useState } from 'react';

/** how long the page must stay quiet (a page's next request follows its first answer within a render) */
export const PAGE_QUIET_MS = 150;
/** the longest the secondary requests wait for a busy page */
export const SECONDARY_MAX_WAIT_MS = 3_000;

export function usePageSettled(busy: boolean): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    const cap = window.setTimeout(() => setSettled(true), SECONDARY_MAX_WAIT_MS);
    return () => window.clearTimeout(cap);
  }, [settled]);
  useEffect(() => {
    if (settled || busy) return;
    const quiet = window.setTimeout(() => setSettled(true), PAGE_QUIET_MS);
    return () => window.clearTimeout(quiet);
  }, [busy, settled]);
  return settled;
}
