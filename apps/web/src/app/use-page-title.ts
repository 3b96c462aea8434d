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
  const { t } = useTranslation();
  const location = useLocation();
  const { hash } = location;
  const matches = matchRoutes(routes, location) ?? [];
  const handle = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.title)?.route.handle as
    | RouteHandle
    | undefined;
  const title = handle?.title ? t(handle.title) : null;
  useEffect(() => {
    document.title = buildPageTitle(title, hash);
  }, [title, hash]);
}
