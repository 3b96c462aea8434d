/**
 * The demo sign-ins. One list for the README, the server tests and the browser tests; the identity
 * part of the seed creates exactly these users.
 */
import type { DemoOrganizationKey, DemoRoleName } from './data';

export interface DemoMembership {
  organization: DemoOrganizationKey;
  /** the organisation's display name (see DEMO_ORGANIZATIONS) */
  organizationName: string;
  roles: readonly DemoRoleName[];
  /** farm names assigned through user_farms */
  farms: readonly string[];
  /** packhouse names assigned through user_packhouses */
  packhouses: readonly string[];
}

export interface DemoUser {
  userName: string;
  password: string;
  fullName: string;
  email: string;
  jobTitle: string;
  phoneNumber: string;
  /** who this person is and what the account demonstrates */
  description: string;
  isSuperUser: boolean;
  isEnabled: boolean;
  /** failed_login_count 5 and lockout_end in 2099 */
  lockedOut: boolean;
  /** the first membership is the user's last organisation; empty for `noorg` */
  organizations: readonly DemoMembership[];
}

const GROWER = 'Citrus Valley Growers';
const PACKHOUSE = 'Sundays River Packers';
const LETABA = 'Letaba Citrus Estates';

const GROWER_FARMS = ['Kransvlei', 'Goedehoop', 'Rietfontein', 'Mooiplaas', 'Sondagsrivier', 'Letsitele Vallei'] as const;
const LETABA_FARMS = ['Bosveld Sitrus', 'Rooikrans'] as const;
const ALL_PACKHOUSES = ['Kirkwood Packhouse', 'Addo Packhouse', 'Patensie Packhouse'] as const;

export const DEMO_LOCKOUT_END = new Date('2099-12-31T00:00:00Z');
export const DEMO_LOCKED_FAILED_COUNT = 5;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    userName: 'admin',
    password: 'Admin@2025',
    fullName: 'Johan van der Merwe',
    email: 'johan.vandermerwe@example.co.za',
    jobTitle: 'Systems Administrator',
    phoneNumber: '+27 82 555 0101',
    description: 'Super user and Administrator in all three organisations (every permission); starts in Citrus Valley Growers',
    isSuperUser: true,
    isEnabled: true,
    lockedOut: false,
    organizations: [
      { organization: 'grower', organizationName: GROWER, roles: ['Administrator'], farms: GROWER_FARMS, packhouses: ALL_PACKHOUSES },
      { organization: 'packhouse', organizationName: PACKHOUSE, roles: ['Administrator'], farms: [], packhouses: ALL_PACKHOUSES },
      { organization: 'letaba', organizationName: LETABA, roles: ['Administrator'], farms: LETABA_FARMS, packhouses: [] },
    ],
  },
  {
    userName: 'manager',
    password: 'Manager@2025',
    fullName: 'Thandiwe Nkosi',
    email: 'thandiwe.nkosi@example.co.za',
    jobTitle: 'Farm Manager',
    phoneNumber: '+27 83 555 0102',
    description: 'Farm manager at Citrus Valley Growers (Manager role) for the two Citrusdal farms',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: false,
    organizations: [{ organization: 'grower', organizationName: GROWER, roles: ['Manager'], farms: ['Kransvlei', 'Goedehoop'], packhouses: [] }],
  },
  {
    userName: 'scout',
    password: 'Scout@2025',
    fullName: 'Sipho Mokoena',
    email: 'sipho.mokoena@example.co.za',
    jobTitle: 'Pest Scout',
    phoneNumber: '+27 72 555 0103',
    description: 'Pest scout at Citrus Valley Growers (Scout role) covering three farms',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: false,
    organizations: [{ organization: 'grower', organizationName: GROWER, roles: ['Scout'], farms: ['Kransvlei', 'Rietfontein', 'Mooiplaas'], packhouses: [] }],
  },
  {
    userName: 'packhouse',
    password: 'Packhouse@2025',
    fullName: 'Annelie Botha',
    email: 'annelie.botha@example.co.za',
    jobTitle: 'Packhouse Manager',
    phoneNumber: '+27 84 555 0104',
    description: 'Runs intake at Sundays River Packers (Packhouse User role) for the Kirkwood and Addo packhouses',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: false,
    organizations: [
      { organization: 'packhouse', organizationName: PACKHOUSE, roles: ['Packhouse User'], farms: [], packhouses: ['Kirkwood Packhouse', 'Addo Packhouse'] },
    ],
  },
  {
    userName: 'staff',
    password: 'Staff@2025',
    fullName: 'Lerato Dlamini',
    email: 'lerato.dlamini@example.co.za',
    jobTitle: 'Harvest Team Leader',
    phoneNumber: '+27 76 555 0105',
    description: 'Team leader at Citrus Valley Growers (Staff role) who logs working time',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: false,
    organizations: [{ organization: 'grower', organizationName: GROWER, roles: ['Staff'], farms: ['Sondagsrivier'], packhouses: [] }],
  },
  {
    userName: 'multi',
    password: 'Multi@2025',
    fullName: 'Pieter Jacobs',
    email: 'pieter.jacobs@example.co.za',
    jobTitle: 'Operations Coordinator',
    phoneNumber: '+27 82 555 0106',
    description: 'Manager at Citrus Valley Growers and Packhouse User at Sundays River Packers: switches organisation',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: false,
    organizations: [
      { organization: 'grower', organizationName: GROWER, roles: ['Manager'], farms: ['Mooiplaas', 'Sondagsrivier'], packhouses: [] },
      { organization: 'packhouse', organizationName: PACKHOUSE, roles: ['Packhouse User'], farms: [], packhouses: ALL_PACKHOUSES },
    ],
  },
  {
    userName: 'locked',
    password: 'Locked@2025',
    fullName: 'Nomsa Khumalo',
    email: 'nomsa.khumalo@example.co.za',
    jobTitle: 'General Worker',
    phoneNumber: '+27 73 555 0107',
    description: 'Staff member at Citrus Valley Growers who is locked out (5 failed sign-ins, lockout until 2099)',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: true,
    organizations: [{ organization: 'grower', organizationName: GROWER, roles: ['Staff'], farms: [], packhouses: [] }],
  },
  {
    userName: 'disabled',
    password: 'Disabled@2025',
    fullName: 'Riaan Steyn',
    email: 'riaan.steyn@example.co.za',
    jobTitle: 'Former Irrigation Supervisor',
    phoneNumber: '+27 71 555 0108',
    description: 'Former staff member at Citrus Valley Growers whose account is disabled',
    isSuperUser: false,
    isEnabled: false,
    lockedOut: false,
    organizations: [{ organization: 'grower', organizationName: GROWER, roles: ['Staff'], farms: [], packhouses: [] }],
  },
  {
    userName: 'noorg',
    password: 'NoOrg@2025',
    fullName: 'Kobus Pretorius',
    email: 'kobus.pretorius@example.co.za',
    jobTitle: 'Consultant',
    phoneNumber: '+27 79 555 0109',
    description: 'Valid account that belongs to no organisation (sees the no-organisation state)',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: false,
    organizations: [],
  },
  {
    userName: 'irrigation',
    password: 'Irrigation@2025',
    fullName: 'Bongani Zulu',
    email: 'bongani.zulu@example.co.za',
    jobTitle: 'Irrigation Officer',
    phoneNumber: '+27 74 555 0110',
    description: 'Irrigation officer at Citrus Valley Growers (Irrigation role): tensiometer readings and water applied on two farms',
    isSuperUser: false,
    isEnabled: true,
    lockedOut: false,
    organizations: [{ organization: 'grower', organizationName: GROWER, roles: ['Irrigation'], farms: ['Goedehoop', 'Rietfontein'], packhouses: [] }],
  },
];

/** Looks up a demo user by name; throws for a name not in DEMO_USERS (catches typos in tests). */
export function demoUser(userName: string): DemoUser {
  const found = DEMO_USERS.find((u) => u.userName === userName);
  if (!found) throw new Error(`No demo user ${userName}`);
  return found;
}
