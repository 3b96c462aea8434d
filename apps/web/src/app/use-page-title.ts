/** Sets document.title from the deepest route's title handle plus the URL fragment. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { buildPageTitle } from '../lib/page-title';

export interface RouteHandle {
  /** i18n key of the page title */
  title?: string;
}

export function usePageTitle(routes: RouteObject[]): void {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { hash } = location;
  const matches = matchRoutes(routes, location) ?? [];
  const handle = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.title)?.route.handle as
    | RouteHandle
    | undefined;
  const title = handle?.title ? t(handle.title) : null;
  // a page's title may be in the part of the catalogue still on its way (lib/i18n-core): keep the
  // current title until it is there (the component re-renders when it arrives)
  const pending = !!handle?.title && !i18n.exists(handle.title);
  useEffect(() => {
    if (!pending) document.title = buildPageTitle(title, hash);
  }, [title, hash, pending]);
}
