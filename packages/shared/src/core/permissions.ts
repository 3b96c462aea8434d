/**
 * The permission catalogue. Values are stored in role_permissions; the groups are the accordion
 * sections of the role editor. Every server gate and every client-side "hide" refers to these
 * constants, never to string literals.
 */
export const PERMISSIONS = {
  usersView: 'users.view',
  usersManage: 'users.manage',
  usersResetPassword: 'users.resetPassword',
  usersLinkOrganisation: 'users.linkOrganisation',
  usersAssignFarms: 'users.assignFarms',
  usersAssignPackhouses: 'users.assignPackhouses',
  usersAssignLoadingZones: 'users.assignLoadingZones',
  usersAreaReport: 'users.areaReport',
  rolesView: 'roles.view',
  rolesManage: 'roles.manage',
  rolesAssign: 'roles.assign',
  systemClearCache: 'system.clearCache',
  systemUpdate: 'system.update',
  managementInputChecks: 'management.inputChecks',
  managementLoginHistory: 'management.loginHistory',
  managementAuditTrail: 'management.auditTrail',
  managementPackhouses: 'management.packhouses',
  managementOrganisations: 'management.organisations',
  managementFarmSetup: 'management.farmSetup',
  managementOrganisationData: 'management.organisationData',
  sprayProductsManage: 'spray.products.manage',
  employeesView: 'employees.view',
  employeesManage: 'employees.manage',
  employeesManageTypes: 'employees.manageTypes',
  harvestReports: 'harvest.reports',
  harvestEstimatesEdit: 'harvest.estimates.edit',
  pickingView: 'picking.view',
  pickingEdit: 'picking.edit',
  pickingPackhouseUser: 'picking.packhouseUser',
  capacityEdit: 'capacity.edit',
  dashboardPest: 'dashboard.pest',
  dashboardFarmOperations: 'dashboard.farmOperations',
  dashboardThresholds: 'dashboard.thresholds',
  reportsTensio: 'reports.tensio',
  scoutingView: 'scouting.view',
  waterView: 'water.view',
  attendanceLog: 'attendance.log',
  scoutingCapture: 'scouting.capture',
  trapsView: 'traps.view',
  trapsCapture: 'traps.capture',
  irrigationCapture: 'irrigation.capture',
  phenologyView: 'phenology.view',
  phenologyCapture: 'phenology.capture',
  packhouseReadingsView: 'packhouse.readings.view',
  packhouseReadingsCapture: 'packhouse.readings.capture',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/**
 * The Field Data areas and who works in them: `view` reads the area's lists (any one of them opens
 * the screen read-only: no capture form, no edit or delete), `capture` records, edits and deletes
 * (and imports). The screen and its menu entry open for a holder of either; on the server every
 * list route takes a view permission and every write the capture permission
 * (apps/server/test/routes.test.ts holds every route of these areas to that).
 */
export const FIELD_AREA_PERMISSIONS = {
  scouting: { view: [PERMISSIONS.scoutingView], capture: PERMISSIONS.scoutingCapture },
  traps: { view: [PERMISSIONS.trapsView], capture: PERMISSIONS.trapsCapture },
  irrigation: { view: [PERMISSIONS.reportsTensio, PERMISSIONS.waterView], capture: PERMISSIONS.irrigationCapture },
  phenology: { view: [PERMISSIONS.phenologyView], capture: PERMISSIONS.phenologyCapture },
} as const satisfies Record<string, { view: readonly Permission[]; capture: Permission }>;

export type FieldArea = keyof typeof FIELD_AREA_PERMISSIONS;

/** The permissions any one of which opens a Field Data area's screen: its view permissions and its capture permission. */
export function fieldAreaOpeners(area: FieldArea): readonly Permission[] {
  const { view, capture } = FIELD_AREA_PERMISSIONS[area];
  return [...view, capture];
}

export interface PermissionDefinition {
  value: Permission;
  /** i18n key of the short name shown beside the checkbox */
  name: string;
  description: string;
  groupName: string;
}

const p = (value: Permission, groupName: string, name: string, description: string): PermissionDefinition => ({
  value,
  groupName,
  name,
  description,
});

export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = [
  p(PERMISSIONS.usersView, 'Users', 'View Users', 'View the users of the organisation'),
  p(PERMISSIONS.usersManage, 'Users', 'Manage Users', 'Create, edit and delete users'),
  p(PERMISSIONS.usersResetPassword, 'Users', 'Reset Password', 'Send password reset emails to users'),
  p(PERMISSIONS.usersLinkOrganisation, 'Users', 'Link Organisation Users', 'Link existing system users to this organisation'),
  p(PERMISSIONS.usersAssignFarms, 'Users', 'Assign User Farms', 'Assign farms to users'),
  p(PERMISSIONS.usersAssignPackhouses, 'Users', 'Assign User Packhouses', 'Assign packhouses to users'),
  p(PERMISSIONS.usersAssignLoadingZones, 'Users', 'Assign User Loading Zones', 'Assign harvest loading zones to users'),
  p(PERMISSIONS.usersAreaReport, 'Users', 'User Area Report', 'Export users by legal entity'),
  p(PERMISSIONS.rolesView, 'Roles', 'View Roles', 'View the roles of the organisation'),
  p(PERMISSIONS.rolesManage, 'Roles', 'Manage Roles', 'Create, edit and delete roles'),
  p(PERMISSIONS.rolesAssign, 'Roles', 'Assign Roles', 'Assign roles to users'),
  p(PERMISSIONS.systemClearCache, 'System', 'Clear Cache', 'Clear the server caches'),
  p(PERMISSIONS.systemUpdate, 'System', 'Upload Update', 'Upload a product update'),
  p(PERMISSIONS.managementInputChecks, 'Management', 'Input Checks', 'See how stale each farm\'s records are'),
  p(PERMISSIONS.managementLoginHistory, 'Management', 'Login History', 'Review login activity'),
  p(PERMISSIONS.managementAuditTrail, 'Management', 'Audit Trail', 'Review who changed users, roles, farm setup, packhouses, thresholds, estimates and picking rows'),
  p(PERMISSIONS.managementPackhouses, 'Management', 'Packhouses', 'Manage the organisation\'s packhouses'),
  p(PERMISSIONS.managementOrganisations, 'Management', 'Organisations', 'List and create organisations'),
  p(PERMISSIONS.managementFarmSetup, 'Management', 'Farm Setup', 'Keep legal entities, farms, PUCs, production blocks and varieties'),
  p(PERMISSIONS.managementOrganisationData, 'Management', 'Organisation Data', "Download all of the organisation's data as one archive"),
  p(PERMISSIONS.sprayProductsManage, 'Management', 'Spray Products', 'Keep the spray products, their withholding periods and the export markets'),
  p(PERMISSIONS.employeesView, 'Employees', 'View Employees', 'View employees'),
  p(PERMISSIONS.employeesManage, 'Employees', 'Manage Employees', 'Add, edit and delete employees'),
  p(PERMISSIONS.employeesManageTypes, 'Employees', 'Manage Employee Types', 'Add employee types'),
  p(PERMISSIONS.harvestReports, 'Harvest', 'Harvest Reports', 'PUC report, block report and estimate appraisal'),
  p(PERMISSIONS.harvestEstimatesEdit, 'Harvest', 'Edit Estimates', 'Adjust yield estimates'),
  p(PERMISSIONS.pickingView, 'Picking', 'View Picking Schedules', 'View picking schedules'),
  p(PERMISSIONS.pickingEdit, 'Picking', 'Edit Picking Schedules', 'Edit bin counts'),
  p(PERMISSIONS.pickingPackhouseUser, 'Picking', 'Packhouse User', 'Work as a packhouse user on picking schedules'),
  p(PERMISSIONS.capacityEdit, 'Picking', 'Edit Capacity', 'Edit packhouse capacity'),
  p(PERMISSIONS.dashboardPest, 'Dashboards', 'Pest Dashboard', 'See the pest dashboard'),
  p(PERMISSIONS.dashboardFarmOperations, 'Dashboards', 'Farm Operations', 'See scouting time per block'),
  p(PERMISSIONS.dashboardThresholds, 'Dashboards', 'Pest Thresholds', 'Keep the pest action thresholds, trap thresholds and scouting frequency'),
  p(PERMISSIONS.reportsTensio, 'Dashboards', 'Tensio Reports', 'See tensiometer panels'),
  p(PERMISSIONS.scoutingView, 'Dashboards', 'Scouting', 'See scouting panels'),
  p(PERMISSIONS.waterView, 'Dashboards', 'Water', 'See water panels'),
  p(PERMISSIONS.attendanceLog, 'Time', 'Time Logger', 'Log attendance time'),
  // field data: reading scouting sessions is scouting.view, tensiometer readings reports.tensio and
  // water applied water.view (above); these add the rest
  p(PERMISSIONS.scoutingCapture, 'Field Data', 'Capture Scouting', 'Record, edit and delete scouting sessions'),
  p(PERMISSIONS.trapsView, 'Field Data', 'View Traps', 'See traps and trap inspections'),
  p(PERMISSIONS.trapsCapture, 'Field Data', 'Capture Traps', 'Place traps and record, edit and delete trap inspections'),
  p(PERMISSIONS.irrigationCapture, 'Field Data', 'Capture Irrigation', 'Record, edit and delete tensiometer readings and water applied'),
  p(PERMISSIONS.phenologyView, 'Field Data', 'View Phenology', 'See phenology observations'),
  p(PERMISSIONS.phenologyCapture, 'Field Data', 'Capture Phenology', 'Record, edit and delete phenology observations'),
  p(PERMISSIONS.packhouseReadingsView, 'Packhouse Data', 'View Packhouse Readings', 'See packhouse lines with their wax readings and cold rooms with their temperature and humidity readings'),
  p(PERMISSIONS.packhouseReadingsCapture, 'Packhouse Data', 'Capture Packhouse Readings', 'Keep packhouse lines and cold rooms and record, edit and delete their readings'),
];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.map((d) => d.value);

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}
