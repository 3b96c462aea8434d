/**
 * The navigation menu catalogue. The server stores these rows in menu_items and returns only the
 * leaves the user's permissions allow (and the branches that still have a leaf). `available` is
 * false for areas whose screens do not exist yet: the server leaves them out of every menu and the
 * browser's router sends their URLs to 404. `superUserOnly` entries are system-wide screens (the
 * product update, the organisations list): only super users get them, whatever their roles in the organisation.
 */
import { fieldAreaOpeners, PERMISSIONS, type Permission } from '../core/permissions.js';

export interface MenuDefinition {
  id: string;
  parentId: string | null;
  /** i18n key under menu.* */
  displayName: string;
  icon: string | null;
  url: string | null;
  /** permission a leaf needs; a list: any one of them; null = any member of the organisation */
  permission: Permission | readonly Permission[] | null;
  sort: number;
  available: boolean;
  /** only for super users (platform operators); such an entry needs no organisation permission */
  superUserOnly: boolean;
}

const m = (
  id: string,
  parentId: string | null,
  displayName: string,
  icon: string | null,
  url: string | null,
  permission: Permission | readonly Permission[] | null,
  sort: number,
  available: boolean,
  superUserOnly = false,
): MenuDefinition => ({ id, parentId, displayName, icon, url, permission, sort, available, superUserOnly });

export const MENU_CATALOGUE: readonly MenuDefinition[] = [
  m('dashboard', null, 'Dashboard', 'pi pi-home', '/dashboard', null, 10, true),
  m('pest-dashboard', null, 'Pest Dashboard', 'pi pi-chart-bar', '/pest-dashboard', PERMISSIONS.dashboardPest, 20, true),
  m('farm-operations', null, 'Farm Operations', 'pi pi-clock', '/farm-operations', PERMISSIONS.dashboardFarmOperations, 30, true),
  // field capture, phone first and offline: each leaf is the screen of its area, opened by its view
  // permissions (read-only) and by its capture permission (core/permissions.ts FIELD_AREA_PERMISSIONS)
  m('field', null, 'Field Data', 'pi pi-compass', null, null, 35, true),
  m('field.scouting', 'field', 'Scouting', 'pi pi-search', '/field/scouting', fieldAreaOpeners('scouting'), 10, true),
  m('field.traps', 'field', 'Traps', 'pi pi-filter', '/field/traps', fieldAreaOpeners('traps'), 20, true),
  m('field.irrigation', 'field', 'Irrigation', 'pi pi-cloud', '/field/irrigation', fieldAreaOpeners('irrigation'), 30, true),
  m('field.phenology', 'field', 'Phenology', 'pi pi-sun', '/field/phenology', fieldAreaOpeners('phenology'), 40, true),
  m('harvest', null, 'Harvest', 'pi pi-box', '/harvest', PERMISSIONS.harvestReports, 40, true),
  m('packhouse', null, 'Packhouse', 'pi pi-building', null, null, 50, true),
  m('packhouse.harvestpucreport', 'packhouse', 'Harvest PUC Report', 'pi pi-table', '/packhouse/harvestpucreport', PERMISSIONS.harvestReports, 10, true),
  m('packhouse.harvestblockreport', 'packhouse', 'Fruitbins Block Report', 'pi pi-table', '/packhouse/harvestblockreport', PERMISSIONS.harvestReports, 20, true),
  m('packhouse.estimateappraisal', 'packhouse', 'Estimate Appraisal', 'pi pi-check-square', '/packhouse/estimateappraisal', PERMISSIONS.harvestReports, 30, true),
  m('packhouse.pickingschedule', 'packhouse', 'Picking Schedule', 'pi pi-calendar', '/packhouse/pickingschedule', PERMISSIONS.pickingView, 40, true),
  m('packhouse.pickingschedulepackhouse', 'packhouse', 'Packhouse Picking Schedule', 'pi pi-calendar', '/packhouse/pickingschedulepackhouse', PERMISSIONS.pickingView, 50, true),
  m('packhouse.pickingschedulepuc', 'packhouse', 'Picking Schedule By PUC', 'pi pi-calendar-plus', '/packhouse/pickingschedulepuc', PERMISSIONS.pickingView, 60, true),
  m('packhouse.readings', 'packhouse', 'Packhouse Readings', 'pi pi-gauge', '/packhouse/readings', PERMISSIONS.packhouseReadingsView, 70, true),
  m('management', null, 'Management', 'pi pi-briefcase', null, null, 60, true),
  m('management.inputchecks', 'management', 'Input Checks', 'pi pi-list-check', '/management/inputchecks', PERMISSIONS.managementInputChecks, 10, true),
  m('management.logins', 'management', 'Login History', 'pi pi-sign-in', '/management/logins', PERMISSIONS.managementLoginHistory, 20, true),
  m('management.audittrail', 'management', 'Audit Trail', 'pi pi-history', '/management/audittrail', PERMISSIONS.managementAuditTrail, 25, true),
  m('management.employees', 'management', 'Employees', 'pi pi-id-card', '/management/employees', PERMISSIONS.employeesView, 30, true),
  m('management.packhouses', 'management', 'Packhouses', 'pi pi-warehouse', '/management/packhouses', PERMISSIONS.managementPackhouses, 40, true),
  m('management.farmsetup', 'management', 'Farm Setup', 'pi pi-map', '/management/farmsetup', PERMISSIONS.managementFarmSetup, 45, true),
  m('management.sprayproducts', 'management', 'Spray Products', 'pi pi-filter', '/management/sprayproducts', PERMISSIONS.sprayProductsManage, 48, true),
  m('management.pestthresholds', 'management', 'Pest Thresholds', 'pi pi-sliders-h', '/management/pestthresholds', PERMISSIONS.dashboardThresholds, 47, true),
  // organisations span the platform: super users only, like the product update
  m('management.organisationdata', 'management', 'Organisation Data', 'pi pi-database', '/management/organisationdata', PERMISSIONS.managementOrganisationData, 48, true),
  m('management.organizations', 'management', 'Organizations', 'pi pi-sitemap', '/management/organizations', null, 50, true, true),
  m('user', null, 'User', 'pi pi-user', null, null, 70, true),
  m('user.attendance', 'user', 'Time Logger', 'pi pi-stopwatch', '/user/attendance', PERMISSIONS.attendanceLog, 10, true),
  m('system', null, 'System', 'pi pi-cog', null, null, 80, true),
  // the product update is system-wide: super users only (not a permission of an organisation's role)
  m('system.update', 'system', 'Upload Update', 'pi pi-upload', '/system/update', null, 10, true, true),
  m('settings', null, 'Settings', 'pi pi-sliders-h', null, null, 90, true),
  m('settings.profile', 'settings', 'Profile', 'pi pi-user-edit', '/settings/profile', null, 10, true),
  m('settings.preferences', 'settings', 'Preferences', 'pi pi-palette', '/settings/preferences', null, 20, true),
  m('settings.users', 'settings', 'Users', 'pi pi-users', '/settings#users', PERMISSIONS.usersView, 30, true),
  m('settings.roles', 'settings', 'Roles', 'pi pi-shield', '/settings#roles', PERMISSIONS.rolesView, 40, true),
];

/** The permissions of an entry, any one of which opens it; empty: every member. */
export function menuPermissions(permission: MenuDefinition['permission']): readonly Permission[] {
  return permission === null ? [] : typeof permission === 'string' ? [permission] : permission;
}

/**
 * How menu_items.permission keeps an entry's permissions: null, one permission, or several joined
 * by MENU_PERMISSION_SEPARATOR (any one opens the entry). Permission names never hold it.
 */
export const MENU_PERMISSION_SEPARATOR = '|';

export function storedMenuPermission(permission: MenuDefinition['permission']): string | null {
  const list = menuPermissions(permission);
  return list.length === 0 ? null : list.join(MENU_PERMISSION_SEPARATOR);
}

/** The permissions of a stored menu_items.permission (storedMenuPermission's reverse). */
export function storedMenuPermissions(stored: string | null): string[] {
  return stored === null || stored === '' ? [] : stored.split(MENU_PERMISSION_SEPARATOR);
}

/** Client routes whose screens exist. The router sends every other path to 404. */
export function availableMenuUrls(): string[] {
  return MENU_CATALOGUE.filter((d) => d.available && d.url).map((d) => d.url as string);
}
