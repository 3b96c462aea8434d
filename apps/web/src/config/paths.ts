/** Typed client paths; links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
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
  managementPackhouses: '/management/packhouses',
  managementLogins: '/management/logins',
  managementEmployees: '/management/employees',
  managementOrganizations: '/management/organizations',
  managementCreateOrganization: '/management/create-organization',
  userAttendance: '/user/attendance',
  farmOperations: '/farm-operations',
  systemUpdate: '/system/update',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.error,
  paths.accessDenied,
  paths.maintenance,
  paths.notFound,
  paths.resetPassword,
];
