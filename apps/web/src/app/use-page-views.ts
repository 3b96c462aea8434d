/**
 * Reports each completed navigation once, with the final path after redirects, while signed in,
 * to the server (POST /api/page-views), which stores it and forwards it to an external analytics
 * endpoint when one is configured (ANALYTICS_URL: the browser's CSP allows no other origin).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../lib/session/session-store';

/** Redirects (<Navigate>) replace the location within a frame or two; wait for them to settle. */
export const PAGE_VIEW_SETTLE_MS = 250;

export function usePageViews(): void {
  const location = useLocation();
  const status = useSession((s) => s.status);
  const organizationId = useSession((s) => s.organizationId);
  const lastReported = useRef<string | null>(null);

  useEffect(() => {
    if (status !== 'authenticated' || organizationId == null) return;
    if (lastReported.current === location.key) return;
    const path = `${location.pathname}${location.search}`;
    const timer = window.setTimeout(() => {
      lastReported.current = location.key;
      // loaded on first use: the login route stays free of the shell's contracts
      void import('../lib/session/page-views').then(({ postPageView }) => postPageView(organizationId, path)).catch(() => undefined);
    }, PAGE_VIEW_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.pathname, location.search, status, organizationId]);
}
