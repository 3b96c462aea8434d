/**
 * The route table (docs/domain.md, Screens and layout). Public: login, error, accessdenied, maintenance, 404. Everything
 * else sits in the authenticated shell. Only areas whose screens exist (MENU_CATALOGUE.available)
 * are routed; each is its own lazily loaded chunk, guarded by its menu permission (or, for
 * super-user-only entries, by being a super user). Unknown paths go to 404.
 */
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PERMISSIONS } from '@orchard/shared/core';
import { type PickingViewKind } from '@orchard/shared/picking';
import { MENU_CATALOGUE, menuPermissions } from '@orchard/shared/shell';
import { paths } from '../config/paths';
import { AccessDeniedPage, ErrorPage, NotFoundPage } from '../features/exceptions/exception-pages';
import { LoginPage } from '../features/auth/login-page';
import { RequireAuth } from './guards';
import { lazyPage, type PreloadablePage } from './lazy-page';
import type { SignedIn } from '../lib/session/when-signed-in';
import { whenRefreshRequested } from '../lib/session/bootstrap';
import { mayOpenRoute, type RoutePermission } from './route-access';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './use-page-title';

const ShellLayout = lazyPage(() => import('./shell-layout'));
const RequirePermission = lazyPage(() => import('./require-permission'));
const MaintenancePage = lazyPage(() => import('../features/maintenance/maintenance-page'));
const DashboardPage = lazyPage(() => import('./dashboard-page'));
const HarvestIntakePage = lazyPage(() => import('../features/harvest/harvest-intake-page'));
const PucReportPage = lazyPage(() => import('../features/harvest/puc-report-page'));
const BlockReportPage = lazyPage(() => import('../features/harvest/block-report-page'));
const EstimateAppraisalPage = lazyPage(() => import('../features/harvest/estimate-appraisal-page'));
const SettingsPage = lazyPage(() => import('./settings/settings-page'));
const ProfilePage = lazyPage(() => import('./settings/profile-page'));
const PreferencesRoute = lazyPage(() => import('./settings/preferences-route'));
const ResetPasswordPage = lazyPage(() => import('../features/password-reset/reset-password-page'));
const ProducerSchedulePage = lazyPage(() => import('./picking/producer-schedule-page'));
const PackhouseSchedulePage = lazyPage(() => import('./picking/packhouse-schedule-page'));
const PucSchedulePage = lazyPage(() => import('../features/picking/components/puc-schedule-page'));
const PackhouseReadingsPage = lazyPage(() => import('../features/packhouse-readings/packhouse-readings-page'));
const PackhousesPage = lazyPage(() => import('../features/packhouses/packhouses-page'));
const FarmSetupPage = lazyPage(() => import('../features/farm-setup/farm-setup-page'));
const PestThresholdsPage = lazyPage(() => import('../features/pest-thresholds/pest-thresholds-page'));
const SprayProductsPage = lazyPage(() => import('../features/spray/spray-products-page'));
const InputChecksPage = lazyPage(() => import('../features/input-checks/input-checks-page'));
const LoginHistoryPage = lazyPage(() => import('../features/login-history/login-history-page'));
const AuditTrailPage = lazyPage(() => import('../features/audit-trail/audit-trail-page'));
const EmployeesPage = lazyPage(() => import('../features/employees/employees-page'));
const AttendancePage = lazyPage(() => import('../features/attendance/attendance-page'));
const FarmOperationsPage = lazyPage(() => import('../features/farm-operations/farm-operations-page'));
const OrganizationExportPage = lazyPage(() => import('../features/organization-export/organization-export-page'));
const UploadUpdatePage = lazyPage(() => import('../features/updates/upload-update-page'));
const ScoutingPage = lazyPage(() => import('../features/field-capture/scouting/scouting-page'));
const TrapsPage = lazyPage(() => import('../features/field-capture/traps/traps-page'));
const IrrigationPage = lazyPage(() => import('../features/field-capture/irrigation/irrigation-page'));
const PhenologyPage = lazyPage(() => import('../features/field-capture/phenology/phenology-page'));
const OrganizationsPage = lazyPage(() => import('../features/organizations/organizations-page'));

interface AreaPage {
  Component: PreloadablePage<object>;
  title: string;
  /**
   * The page's first data, asked when the page is opened by its address as soon as the session is
   * restored (before the shell is drawn), if the user may open it: what the page asks for first,
   * under the same query keys. Called while the session is being restored, it loads what asks (with
   * the page's code) and answers the function that asks.
   */
  prefetch?: () => Promise<(session: SignedIn) => void>;
}

/**
 * A schedule view's filters and first page (features/picking/first-page.ts, loaded with the
 * page's code; the query client with it, never with the sign-in page's code).
 */
const scheduleFirstPage = (view: PickingViewKind) => () =>
  Promise.all([import('../features/picking/first-page'), import('../lib/query-client')]).then(
    ([{ prefetchFirstPage }, { queryClient }]) =>
      ({ organizationId, permissions }: SignedIn) =>
        void prefetchFirstPage(queryClient, organizationId, view, permissions.includes(PERMISSIONS.pickingPackhouseUser)),
  );

/**
 * Screens that exist, by the menu URL they serve. Menu URLs that differ only by fragment
 * (/settings#users, /settings#roles) are one route: the page picks its tab from the fragment.
 */
export const AREA_PAGES: Record<string, AreaPage> = {
  [paths.dashboard]: { Component: DashboardPage, title: 'titles.dashboard' },
  // dashboard and pest-dashboard are the same screen (docs/domain.md, Dashboard and pest dashboard)
  [paths.pestDashboard]: { Component: DashboardPage, title: 'pestDashboard.title' },
  [paths.harvest]: { Component: HarvestIntakePage, title: 'harvest.titles.intake' },
  [paths.harvestPucReport]: { Component: PucReportPage, title: 'harvest.titles.pucReport' },
  [paths.harvestBlockReport]: { Component: BlockReportPage, title: 'harvest.titles.blockReport' },
  [paths.estimateAppraisal]: { Component: EstimateAppraisalPage, title: 'harvest.titles.estimateAppraisal' },
  [paths.settingsUsers]: { Component: SettingsPage, title: 'titles.settings' },
  [paths.settingsRoles]: { Component: SettingsPage, title: 'titles.settings' },
  [paths.settingsProfile]: { Component: ProfilePage, title: 'titles.profile' },
  [paths.settingsPreferences]: { Component: PreferencesRoute, title: 'titles.preferences' },
  [paths.pickingSchedule]: { Component: ProducerSchedulePage, title: 'picking.producerTitle', prefetch: scheduleFirstPage('producer') },
  [paths.pickingSchedulePackhouse]: { Component: PackhouseSchedulePage, title: 'picking.packhouseTitle', prefetch: scheduleFirstPage('packhouse') },
  [paths.pickingSchedulePuc]: { Component: PucSchedulePage, title: 'picking.pucTitle' },
  [paths.packhouseReadings]: { Component: PackhouseReadingsPage, title: 'packhouseReadings.title' },
  [paths.managementPackhouses]: { Component: PackhousesPage, title: 'packhouses.title' },
  [paths.managementFarmSetup]: { Component: FarmSetupPage, title: 'farmSetup.title' },
  [paths.managementPestThresholds]: { Component: PestThresholdsPage, title: 'pestThresholds.title' },
  [paths.managementSprayProducts]: { Component: SprayProductsPage, title: 'spray.title' },
  [paths.managementInputChecks]: { Component: InputChecksPage, title: 'inputChecks.title' },
  [paths.managementLogins]: { Component: LoginHistoryPage, title: 'loginHistory.title' },
  [paths.managementAuditTrail]: { Component: AuditTrailPage, title: 'auditTrail.title' },
  [paths.managementEmployees]: { Component: EmployeesPage, title: 'employees.title' },
  [paths.managementOrganisationData]: { Component: OrganizationExportPage, title: 'organizationExport.title' },
  [paths.managementOrganizations]: { Component: OrganizationsPage, title: 'organizations.title' },
  [paths.userAttendance]: { Component: AttendancePage, title: 'attendance.title' },
  [paths.farmOperations]: { Component: FarmOperationsPage, title: 'farmOperations.title' },
  [paths.fieldScouting]: { Component: ScoutingPage, title: 'fieldCapture.scouting.title' },
  [paths.fieldTraps]: { Component: TrapsPage, title: 'fieldCapture.traps.title' },
  [paths.fieldIrrigation]: { Component: IrrigationPage, title: 'fieldCapture.irrigation.title' },
  [paths.fieldPhenology]: { Component: PhenologyPage, title: 'fieldCapture.phenology.title' },
  [paths.systemUpdate]: { Component: UploadUpdatePage, title: 'uploadUpdate.title' },
};

const dashboardDefinition = MENU_CATALOGUE.find((d) => d.url === paths.dashboard);

/** The route path of a menu URL: no leading slash, no fragment ('/settings#users' -> 'settings'). */
export const routePath = (url: string) => url.replace(/^\//, '').split('#')[0] as string;

/**
 * Routed areas: available in the catalogue and backed by a page. Menu entries sharing a path
 * (tabs selected by fragment) become one route whose guard lets in a user holding any of their
 * permissions; the page itself hides the tabs the user lacks.
 */
interface AreaRoute {
  page: AreaPage;
  permission: RoutePermission;
  superUserOnly: boolean;
}

function areaRouteGroups(): Map<string, AreaRoute> {
  // per path: the permissions of its entries (an entry's list: any one of them; null: every member)
  const groups = new Map<string, { page: AreaPage; permissions: (string | null)[]; superUserOnly: boolean }>();
  for (const d of MENU_CATALOGUE) {
    const page = d.available && d.url ? AREA_PAGES[d.url] : undefined;
    if (!page || !d.url) continue;
    const path = routePath(d.url);
    const entry = d.permission === null ? [null] : menuPermissions(d.permission);
    const group = groups.get(path);
    if (group) {
      group.permissions.push(...entry);
      group.superUserOnly &&= d.superUserOnly;
    } else groups.set(path, { page, permissions: [...entry], superUserOnly: d.superUserOnly });
  }
  // any entry without a permission opens the route to every member (super users only, for system-wide screens)
  return new Map(
    [...groups].map(([path, { page, permissions, superUserOnly }]) => [
      path,
      { page, permission: permissions.includes(null) ? null : (permissions as string[]), superUserOnly },
    ]),
  );
}

export function areaRoutes(): RouteObject[] {
  return [...areaRouteGroups()].map(([path, { page, permission, superUserOnly }]) => {
    const handle: RouteHandle = { title: page.title };
    return {
      path,
      handle,
      element: (
        <RequirePermission permission={permission} superUserOnly={superUserOnly}>
          <page.Component />
        </RequirePermission>
      ),
    };
  });
}

/**
 * The code a signed-in address needs (the shell, the permission guard and the page), fetched while
 * the session is still being restored, so a reload or a link opens its page without waiting for
 * each chunk in turn after the session; and the page's first data (AreaPage.prefetch), asked the
 * moment the session is restored, while the shell is still being drawn.
 */
export function preloadSignedInPage(pathname: string): void {
  // after the session's refresh request, not ahead of it in the browser's queue (bootstrap.ts)
  void whenRefreshRequested().then(() => preloadPage(pathname));
}

function preloadPage(pathname: string): void {
  ShellLayout.preload();
  RequirePermission.preload();
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (path === '') return DashboardPage.preload();
  const area = areaRouteGroups().get(path);
  if (!area) return;
  area.page.Component.preload();
  const { prefetch } = area.page;
  if (!prefetch) return;
  // loaded while the session is restored; asked in the session store's own notification, before
  // React's render of the shell (a microtask later) holds the main thread
  let ask: ((session: SignedIn) => void) | null = null;
  const loading = prefetch().then(
    (fn) => {
      ask = fn;
    },
    () => undefined,
  );
  // loaded here, not with the sign-in page (it brings the query client): at a signed-in address only
  import('../lib/session/when-signed-in').then(
    ({ whenSignedIn }) =>
      whenSignedIn((session) => {
        // the route guard's own rule: no request for a page the user may not open
        if (!mayOpenRoute(area, session)) return;
        if (ask) ask(session);
        else void loading.then(() => ask?.(session));
      }),
    // not loaded: the page asks for its data itself when it mounts
    () => undefined,
  );
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
        { path: paths.resetPassword, element: <ResetPasswordPage />, handle: titled('titles.resetPassword') },
        {
          path: paths.home,
          element: (
            <RequireAuth whileRestoring={preloadSignedInPage}>
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
            // Create New Organization: the Organisations list with the dialog open (super users only)
            {
              path: routePath(paths.managementCreateOrganization),
              handle: titled('organizations.create.title'),
              element: (
                <RequirePermission permission={null} superUserOnly>
                  <OrganizationsPage />
                </RequirePermission>
              ),
            },
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
 * route data through the router, and the data router would put more on the login route
 * (BENCHMARKS.md, Section `bundle`).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
