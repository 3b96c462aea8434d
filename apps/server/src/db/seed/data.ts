/**
 * The fixed part of the demo world: places, organisations, legal entities, farms, packhouses and
 * roles. Plain data so the README, server tests and browser tests can refer to the same names.
 */
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '@orchard/shared/core';

/** "Now" of the demo world (mid citrus season: navels and soft citrus are being picked). */
export const SEED_REFERENCE_DATE = new Date('2025-06-30T08:00:00+02:00');
/** seed of the PRNG; change it and every generated figure changes */
export const SEED_RANDOM_SEED = 20250630;

export const DEMO_PROVINCES = ['Western Cape', 'Limpopo', 'Eastern Cape', 'Mpumalanga', 'KwaZulu-Natal'] as const;
export type DemoProvince = (typeof DEMO_PROVINCES)[number];

/** Citrus production regions. The schema does not link a region to a province; `province` is used
 * to fill farms.province_id. */
export const DEMO_REGIONS: readonly { name: string; province: DemoProvince }[] = [
  { name: 'Olifants River', province: 'Western Cape' },
  { name: 'Boland', province: 'Western Cape' },
  { name: 'Letaba', province: 'Limpopo' },
  { name: 'Hoedspruit', province: 'Limpopo' },
  { name: 'Sundays River Valley', province: 'Eastern Cape' },
  { name: 'Gamtoos', province: 'Eastern Cape' },
  { name: 'Nkomazi', province: 'Mpumalanga' },
  { name: 'Pongola', province: 'KwaZulu-Natal' },
];

/** Towns with approximate coordinates (decimal degrees). */
export const DEMO_AREAS: readonly { name: string; region: string; lat: number; lng: number }[] = [
  { name: 'Citrusdal', region: 'Olifants River', lat: -32.589, lng: 19.015 },
  { name: 'Clanwilliam', region: 'Olifants River', lat: -32.179, lng: 18.891 },
  { name: 'Paarl', region: 'Boland', lat: -33.734, lng: 18.962 },
  { name: 'Wellington', region: 'Boland', lat: -33.64, lng: 19.011 },
  { name: 'Letsitele', region: 'Letaba', lat: -23.882, lng: 30.396 },
  { name: 'Tzaneen', region: 'Letaba', lat: -23.833, lng: 30.163 },
  { name: 'Hoedspruit', region: 'Hoedspruit', lat: -24.353, lng: 30.956 },
  { name: 'Kirkwood', region: 'Sundays River Valley', lat: -33.401, lng: 25.443 },
  { name: 'Addo', region: 'Sundays River Valley', lat: -33.547, lng: 25.693 },
  { name: 'Patensie', region: 'Gamtoos', lat: -33.761, lng: 24.818 },
  { name: 'Hankey', region: 'Gamtoos', lat: -33.833, lng: 24.881 },
  { name: 'Malelane', region: 'Nkomazi', lat: -25.481, lng: 31.513 },
  { name: 'Komatipoort', region: 'Nkomazi', lat: -25.433, lng: 31.955 },
  { name: 'Pongola', region: 'Pongola', lat: -27.379, lng: 31.619 },
];

export type DemoOrganizationKey = 'grower' | 'packhouse' | 'letaba';

export interface DemoOrganization {
  key: DemoOrganizationKey;
  name: string;
  sort: number;
  organizationType: 'grower' | 'packhouse';
  organizationLevel: number;
  contact: { name: string; surname: string; phone: string; email: string };
  /** the first one is the organisation's default legal entity */
  legalEntities: readonly string[];
}

export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = [
  {
    key: 'grower',
    name: 'Citrus Valley Growers',
    sort: 1,
    organizationType: 'grower',
    organizationLevel: 1,
    contact: { name: 'Hendrik', surname: 'Louw', phone: '+27 22 921 3400', email: 'info@citrusvalley.example.co.za' },
    legalEntities: ['Citrus Valley Farming (Pty) Ltd', 'Sondagsrivier Boerdery (Pty) Ltd'],
  },
  {
    key: 'packhouse',
    name: 'Sundays River Packers',
    sort: 2,
    organizationType: 'packhouse',
    organizationLevel: 1,
    contact: { name: 'Marlene', surname: 'Oosthuizen', phone: '+27 42 230 0150', email: 'office@srpackers.example.co.za' },
    legalEntities: ['Sundays River Packers (Pty) Ltd'],
  },
  {
    key: 'letaba',
    name: 'Letaba Citrus Estates',
    sort: 3,
    organizationType: 'grower',
    organizationLevel: 1,
    contact: { name: 'Tshilidzi', surname: 'Mudau', phone: '+27 15 345 1020', email: 'admin@letabacitrus.example.co.za' },
    legalEntities: ['Letaba Citrus Estates (Pty) Ltd'],
  },
];

export interface DemoFarm {
  name: string;
  organization: DemoOrganizationKey;
  legalEntity: string;
  area: string;
}

export const DEMO_FARMS: readonly DemoFarm[] = [
  { name: 'Kransvlei', organization: 'grower', legalEntity: 'Citrus Valley Farming (Pty) Ltd', area: 'Citrusdal' },
  { name: 'Goedehoop', organization: 'grower', legalEntity: 'Citrus Valley Farming (Pty) Ltd', area: 'Citrusdal' },
  { name: 'Rietfontein', organization: 'grower', legalEntity: 'Citrus Valley Farming (Pty) Ltd', area: 'Clanwilliam' },
  { name: 'Mooiplaas', organization: 'grower', legalEntity: 'Sondagsrivier Boerdery (Pty) Ltd', area: 'Kirkwood' },
  { name: 'Sondagsrivier', organization: 'grower', legalEntity: 'Sondagsrivier Boerdery (Pty) Ltd', area: 'Addo' },
  { name: 'Letsitele Vallei', organization: 'grower', legalEntity: 'Sondagsrivier Boerdery (Pty) Ltd', area: 'Letsitele' },
  { name: 'Bosveld Sitrus', organization: 'letaba', legalEntity: 'Letaba Citrus Estates (Pty) Ltd', area: 'Letsitele' },
  { name: 'Rooikrans', organization: 'letaba', legalEntity: 'Letaba Citrus Estates (Pty) Ltd', area: 'Tzaneen' },
];

export interface DemoPackhouse {
  name: string;
  shortName: string;
  region: string;
  affiliation: 'Int' | 'Ext' | 'Joint';
  commodity: string;
  owner: DemoOrganizationKey;
  /** organisations linked through organization_packhouses */
  linkedTo: readonly DemoOrganizationKey[];
}

export const DEMO_PACKHOUSES: readonly DemoPackhouse[] = [
  { name: 'Kirkwood Packhouse', shortName: 'KWD', region: 'Sundays River Valley', affiliation: 'Int', commodity: 'Oranges', owner: 'packhouse', linkedTo: ['grower', 'packhouse'] },
  { name: 'Addo Packhouse', shortName: 'ADO', region: 'Sundays River Valley', affiliation: 'Joint', commodity: 'Soft Citrus', owner: 'packhouse', linkedTo: ['grower', 'packhouse'] },
  { name: 'Patensie Packhouse', shortName: 'PAT', region: 'Gamtoos', affiliation: 'Ext', commodity: 'Lemons', owner: 'packhouse', linkedTo: ['grower', 'packhouse'] },
];

export const DEMO_ROLE_NAMES = ['Administrator', 'Manager', 'Scout', 'Packhouse User', 'Staff', 'Irrigation'] as const;
export type DemoRoleName = (typeof DEMO_ROLE_NAMES)[number];

export interface DemoRole {
  name: DemoRoleName;
  description: string;
  /** a MENU_CATALOGUE leaf id, or null (first reachable leaf) */
  defaultLandingPage: string | null;
  permissions: readonly Permission[];
}

/**
 * Every organisation gets the same six roles. Each Field Data area has a role whose job it is to
 * capture there: Scout (scouting, traps and the phenology stages seen on the same rounds) and
 * Irrigation (tensiometer readings and water applied); Manager reads every area.
 */
export const DEMO_ROLES: readonly DemoRole[] = [
  {
    name: 'Administrator',
    description: 'Full access to every screen and setting of the organisation',
    defaultLandingPage: null,
    permissions: ALL_PERMISSIONS,
  },
  {
    name: 'Manager',
    description: 'Farm and harvest management: reports, estimates, schedules and dashboards',
    defaultLandingPage: 'dashboard',
    permissions: [
      PERMISSIONS.usersView,
      PERMISSIONS.rolesView,
      PERMISSIONS.harvestReports,
      PERMISSIONS.harvestEstimatesEdit,
      PERMISSIONS.pickingView,
      PERMISSIONS.managementInputChecks,
      PERMISSIONS.managementLoginHistory,
      PERMISSIONS.employeesView,
      PERMISSIONS.dashboardPest,
      PERMISSIONS.dashboardFarmOperations,
      PERMISSIONS.scoutingView,
      PERMISSIONS.trapsView,
      PERMISSIONS.reportsTensio,
      PERMISSIONS.waterView,
      PERMISSIONS.phenologyView,
    ],
  },
  {
    name: 'Scout',
    description: 'Pest and disease scouting in the orchards, with the traps and phenology stages',
    defaultLandingPage: null,
    permissions: [
      PERMISSIONS.scoutingView,
      PERMISSIONS.scoutingCapture,
      PERMISSIONS.trapsView,
      PERMISSIONS.trapsCapture,
      PERMISSIONS.phenologyView,
      PERMISSIONS.phenologyCapture,
      PERMISSIONS.dashboardPest,
      PERMISSIONS.attendanceLog,
    ],
  },
  {
    name: 'Packhouse User',
    description: 'Packhouse staff: picking schedules, intake capacity and harvest reports',
    defaultLandingPage: null,
    permissions: [PERMISSIONS.pickingView, PERMISSIONS.pickingPackhouseUser, PERMISSIONS.capacityEdit, PERMISSIONS.harvestReports],
  },
  {
    name: 'Staff',
    description: 'Farm workers who log their working time',
    defaultLandingPage: null,
    permissions: [PERMISSIONS.attendanceLog],
  },
  {
    name: 'Irrigation',
    description: 'Irrigation in the orchards: tensiometer readings and water applied',
    defaultLandingPage: 'field.irrigation',
    permissions: [PERMISSIONS.reportsTensio, PERMISSIONS.waterView, PERMISSIONS.irrigationCapture],
  },
];
