/**
 * The route table (spec 01, 2.1). Public: login, error, accessdenied, maintenance, 404. Everything
 * else sits in the authenticated shell. Only areas whose screens exist (MENU_CATALOGUE.available)
 * are routed; each is its own lazily loaded chunk, guarded by its menu permission. Unknown paths
 * go to 404.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { MENU_CATALOGUE } from '@orchard/shared';
import { paths } from '../config/paths';
import { AccessDeniedPage, ErrorPage, NotFoundPage } from '../features/exceptions/exception-pages';
import { LoginPage } from '../features/auth/login-page';
import { RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './use-page-title';

const ShellLayout = lazy(() => import('./shell-layout'));
const RequirePermission = lazy(() => import('./require-permission'));
const MaintenancePage = lazy(() => import('../features/maintenance/maintenance-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));

interface AreaPage {
  Component: LazyExoticComponent<ComponentType>;
  title: string;
}

/** Screens that exist, by the menu URL they serve. */
export const AREA_PAGES: Record<string, AreaPage> = {
  [paths.dashboard]: { Component: DashboardPage, title: 'titles.dashboard' },
};

const dashboardDefinition = MENU_CATALOGUE.find((d) => d.url === paths.dashboard);

/** Routed areas: available in the catalogue and backed by a page. */
export function areaRoutes(): RouteObject[] {
  return MENU_CATALOGUE.filter((d) => d.available && d.url && AREA_PAGES[d.url]).map((d) => {
    const page = AREA_PAGES[d.url as string] as AreaPage;
    const handle: RouteHandle = { title: page.title };
    return {
      path: (d.url as string).replace(/^\//, '').split('#')[0],
      handle,
      element: (
        <RequirePermission permission={d.permission}>
          <page.Component />
        </RequirePermission>
      ),
    };
  });
}

export function buildRoutes(): RouteObject[] {
  const titled = (title: string): RouteHandle => ({ title });
  return [
    {
      element: <RootLayout routes={() => appRoutes} />,
      children: [
        { path: paths.login, element: <LoginPage />, handle: titled('titles.login') },
        { path: paths.error, element: <ErrorPage />, handle: titled('titles.error') },
        { path: paths.accessDenied, element: <AccessDeniedPage />, handle: titled('titles.accessDenied') },
        { path: paths.maintenance, element: <MaintenancePage />, handle: titled('titles.maintenance') },
        { path: paths.notFound, element: <NotFoundPage />, handle: titled('titles.notFound') },
        {
          path: paths.home,
          element: (
            <RequireAuth>
              <ShellLayout />
            </RequireAuth>
          ),
          children: [
            {
              index: true,
              handle: titled('titles.dashboard'),
              element: (
                <RequirePermission permission={dashboardDefinition?.permission ?? null}>
                  <DashboardPage />
                </RequirePermission>
              ),
            },
            ...areaRoutes(),
          ],
        },
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
}

/** Built once: the catalogue does not change while the app runs. */
export const appRoutes: RouteObject[] = buildRoutes();

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than a data router: the app loads no
 * route data through the router, and the data router would put ~15 KB more on the login route.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
