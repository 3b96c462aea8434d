/** Typed client paths; links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  pestDashboard: '/pest-dashboard',
  login: '/login',
  error: '/error',
  accessDenied: '/accessdenied',
  maintenance: '/maintenance',
  notFound: '/404',
  settings: '/settings',
  settingsProfile: '/settings/profile',
  harvest: '/harvest',
  harvestPucReport: '/packhouse/harvestpucreport',
  harvestBlockReport: '/packhouse/harvestblockreport',
  estimateAppraisal: '/packhouse/estimateappraisal',
  settingsPreferences: '/settings/preferences',
  settingsUsers: '/settings#users',
  settingsRoles: '/settings#roles',
  resetPassword: '/reset-password',
  pickingSchedule: '/packhouse/pickingschedule',
  pickingSchedulePackhouse: '/packhouse/pickingschedulepackhouse',
  pickingSchedulePuc: '/packhouse/pickingschedulepuc',
  packhouseReadings: '/packhouse/readings',
  managementInputChecks: '/management/inputchecks',
  managementPackhouses: '/management/packhouses',
  managementFarmSetup: '/management/farmsetup',
  managementPestThresholds: '/management/pestthresholds',
  managementSprayProducts: '/management/sprayproducts',
  managementLogins: '/management/logins',
  managementAuditTrail: '/management/audittrail',
  managementEmployees: '/management/employees',
  managementOrganisationData: '/management/organisationdata',
  managementOrganizations: '/management/organizations',
  managementCreateOrganization: '/management/create-organization',
  userAttendance: '/user/attendance',
  farmOperations: '/farm-operations',
  fieldScouting: '/field/scouting',
  fieldTraps: '/field/traps',
  fieldIrrigation: '/field/irrigation',
  fieldPhenology: '/field/phenology',
  systemUpdate: '/system/update',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Farm Setup's tabs in their order on screen, each with the URL fragment that names it (features/farm-setup/farm-setup-tabs.ts). */
export const FARM_SETUP_TAB_FRAGMENTS = {
  legalEntities: 'legal-entities',
  farms: 'farms',
  farmBlocks: 'farm-blocks',
  pucs: 'pucs',
  blocks: 'blocks',
  varieties: 'varieties',
  commodities: 'commodities',
} as const;

/** The address of one Farm Setup tab, for links from other screens. */
export const farmSetupTabPath = (tab: keyof typeof FARM_SETUP_TAB_FRAGMENTS): string => `${paths.managementFarmSetup}#${FARM_SETUP_TAB_FRAGMENTS[tab]}`;

export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.error,
  paths.accessDenied,
  paths.maintenance,
  paths.notFound,
  paths.resetPassword,
];
