/**
 * Every demo user signs in (the real token endpoint, the demo data seeded) and opens every entry of
 * the menu the server gives them in each of their organisations: each screen's first requests
 * answer 200, so no menu entry leads to Access Denied. Each Field Data area has a demo user whose
 * job it is to capture there (README, Demo sign-ins), and the manager reads them all.
 */
import { dayOf, PERMISSIONS, type Permission } from '@orchard/shared/core';
import { EMPLOYEES_PATHS } from '@orchard/shared/employees';
import { FARM_OPERATIONS_PATHS } from '@orchard/shared/farm-operations';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { FIELD_CAPTURE_PATHS, IRRIGATION_PATHS, PHENOLOGY_PATHS, SCOUTING_PATHS, TRAPS_PATHS } from '@orchard/shared/field-capture';
import { HARVEST_PATHS } from '@orchard/shared/harvest';
import { INPUT_CHECKS_PATHS } from '@orchard/shared/input-checks';
import { LOGIN_HISTORY_PATHS } from '@orchard/shared/login-history';
import { ORGANIZATION_EXPORT_PATHS } from '@orchard/shared/organization-export';
import { AUDIT_TRAIL_PATHS } from '@orchard/shared/audit-trail';
import { ORGANIZATIONS_PATHS } from '@orchard/shared/organizations';
import { PACKHOUSE_READINGS_PATHS } from '@orchard/shared/packhouse-readings';
import { PACKHOUSES_PATHS } from '@orchard/shared/packhouses';
import { PEST_DASHBOARD_PATHS } from '@orchard/shared/pest-dashboard';
import { PEST_THRESHOLDS_PATH } from '@orchard/shared/pest-thresholds';
import { PICKING_PATHS } from '@orchard/shared/picking';
import { PREFERENCES_PATHS } from '@orchard/shared/preferences';
import { ROLES_PATHS } from '@orchard/shared/roles';
import { availableMenuUrls, SHELL_PATHS, type MenuItem } from '@orchard/shared/shell';
import { SPRAY_PATHS } from '@orchard/shared/spray';
import { UPDATES_PATHS } from '@orchard/shared/updates';
import { USERS_PATHS } from '@orchard/shared/users';
import { ATTENDANCE_PATHS } from '@orchard/shared/attendance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, demoUser, seedDemoData } from '../src/db/seed/index';
import { createTestApp, type TestApp } from './helpers/app';
import { signIn } from './helpers/auth';

/** A request a screen makes as it opens; `when`: only for a holder of that permission (a tab or panel of theirs). */
interface ScreenRequest {
  path: string;
  when?: Permission;
}

const today = dayOf(new Date());

/**
 * What each menu entry's screen asks the server for first (its web api/ folder), by menu URL.
 * Every available menu URL is here: a new entry needs its requests written down.
 */
const SCREEN_REQUESTS: Record<string, readonly ScreenRequest[]> = {
  '/dashboard': [
    { path: PEST_DASHBOARD_PATHS.season },
    { path: PEST_DASHBOARD_PATHS.farms, when: PERMISSIONS.dashboardPest },
    { path: `${PEST_DASHBOARD_PATHS.dashboard}?date=${today}`, when: PERMISSIONS.dashboardPest },
  ],
  '/pest-dashboard': [{ path: PEST_DASHBOARD_PATHS.farms }, { path: `${PEST_DASHBOARD_PATHS.dashboard}?date=${today}` }],
  '/farm-operations': [
    { path: FARM_OPERATIONS_PATHS.farms },
    { path: FARM_OPERATIONS_PATHS.scoutedDates },
    { path: `${FARM_OPERATIONS_PATHS.sessions}?date=${today}` },
  ],
  '/field/scouting': [{ path: FIELD_CAPTURE_PATHS.blocks }, { path: SCOUTING_PATHS.sessions, when: PERMISSIONS.scoutingView }],
  '/field/traps': [
    { path: FIELD_CAPTURE_PATHS.blocks },
    { path: TRAPS_PATHS.inspections, when: PERMISSIONS.trapsView },
    { path: TRAPS_PATHS.traps, when: PERMISSIONS.trapsView },
  ],
  '/field/irrigation': [
    { path: FIELD_CAPTURE_PATHS.blocks },
    { path: IRRIGATION_PATHS.tensiometerReadings, when: PERMISSIONS.reportsTensio },
    { path: IRRIGATION_PATHS.waterApplied, when: PERMISSIONS.waterView },
  ],
  '/field/phenology': [{ path: FIELD_CAPTURE_PATHS.blocks }, { path: PHENOLOGY_PATHS.observations, when: PERMISSIONS.phenologyView }],
  '/harvest': [{ path: HARVEST_PATHS.farms }, { path: HARVEST_PATHS.packhouses }],
  '/packhouse/harvestpucreport': [{ path: HARVEST_PATHS.packhouses }, { path: HARVEST_PATHS.varieties }],
  '/packhouse/harvestblockreport': [{ path: HARVEST_PATHS.pucs }],
  '/packhouse/estimateappraisal': [{ path: HARVEST_PATHS.farms }],
  '/packhouse/pickingschedule': [{ path: PICKING_PATHS.filters }, { path: PICKING_PATHS.progressTypes }],
  '/packhouse/pickingschedulepackhouse': [{ path: PICKING_PATHS.filters }],
  '/packhouse/pickingschedulepuc': [{ path: PICKING_PATHS.filters }],
  '/packhouse/readings': [{ path: PACKHOUSE_READINGS_PATHS.packhouses }],
  '/management/inputchecks': [{ path: INPUT_CHECKS_PATHS.farmInputChecks }],
  '/management/logins': [{ path: LOGIN_HISTORY_PATHS.history }, { path: LOGIN_HISTORY_PATHS.areas }, { path: LOGIN_HISTORY_PATHS.roles }],
  '/management/audittrail': [{ path: AUDIT_TRAIL_PATHS.list }],
  '/management/employees': [{ path: EMPLOYEES_PATHS.list }, { path: EMPLOYEES_PATHS.types }],
  '/management/packhouses': [{ path: PACKHOUSES_PATHS.list }],
  '/management/farmsetup': [{ path: FARM_SETUP_PATHS.legalEntities }, { path: FARM_SETUP_PATHS.farms }],
  '/management/pestthresholds': [{ path: PEST_THRESHOLDS_PATH }],
  '/management/organisationdata': [{ path: ORGANIZATION_EXPORT_PATHS.contents }],
  '/management/sprayproducts': [{ path: SPRAY_PATHS.products }, { path: SPRAY_PATHS.markets }],
  '/management/organizations': [{ path: ORGANIZATIONS_PATHS.list }],
  '/user/attendance': [{ path: ATTENDANCE_PATHS.last }, { path: ATTENDANCE_PATHS.logs }],
  '/system/update': [{ path: UPDATES_PATHS.pending }],
  '/settings/profile': [{ path: SHELL_PATHS.me }],
  '/settings/preferences': [{ path: PREFERENCES_PATHS.preferences }],
  '/settings#users': [{ path: USERS_PATHS.users }],
  '/settings#roles': [{ path: ROLES_PATHS.roles }],
};

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [...(item.url ? [item] : []), ...leaves(item.items)]);
}

describe('demo users and their menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.handle);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('writes down the first requests of every screen the menu can offer', () => {
    expect(Object.keys(SCREEN_REQUESTS).sort()).toEqual([...new Set(availableMenuUrls())].sort());
  });

  const members = DEMO_USERS.filter((u) => u.isEnabled && !u.lockedOut && u.organizations.length > 0);

  it.each(members.map((u) => [u.userName] as const))('%s opens every entry of their menu in each organisation without a denial', async (userName) => {
    const user = demoUser(userName);
    const { accessToken } = await signIn(t.app, user.userName, user.password);
    const auth = { authorization: `Bearer ${accessToken}` };
    const organizations = (await t.app.inject({ method: 'GET', url: SHELL_PATHS.organizations, headers: auth })).json<{ id: number; name: string }[]>();
    for (const membership of user.organizations) {
      const organization = organizations.find((o) => o.name === membership.organizationName);
      expect(organization, membership.organizationName).toBeDefined();
      const headers = { ...auth, 'x-organization-id': String(organization!.id) };
      const permissions = new Set((await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers })).json<string[]>());
      const menu = leaves((await t.app.inject({ method: 'GET', url: SHELL_PATHS.menu, headers })).json<MenuItem[]>());
      expect(menu.length, `${userName} in ${membership.organizationName}`).toBeGreaterThan(0);
      for (const leaf of menu) {
        const requests = SCREEN_REQUESTS[leaf.url!];
        expect(requests, `${leaf.url} has its requests written down`).toBeDefined();
        const asked = requests!.filter((r) => r.when === undefined || permissions.has(r.when));
        // a screen opened shows something: at least one request beside the blocks every field screen lists
        expect(asked.filter((r) => r.path !== FIELD_CAPTURE_PATHS.blocks).length, `${userName}: ${leaf.url}`).toBeGreaterThan(0);
        for (const request of asked) {
          const res = await t.app.inject({ method: 'GET', url: request.path, headers });
          expect(res.statusCode, `${userName} in ${membership.organizationName}: ${leaf.url} asks ${request.path}: ${res.body.slice(0, 200)}`).toBe(200);
        }
      }
    }
  });

  it('each Field Data area has a demo user who captures there, and the manager reads every one of them', async () => {
    const screensOf = async (userName: string) => {
      const user = demoUser(userName);
      const { accessToken } = await signIn(t.app, user.userName, user.password);
      const auth = { authorization: `Bearer ${accessToken}` };
      const organization = (await t.app.inject({ method: 'GET', url: SHELL_PATHS.organizations, headers: auth }))
        .json<{ id: number; name: string }[]>()
        .find((o) => o.name === user.organizations[0]!.organizationName)!;
      const headers = { ...auth, 'x-organization-id': String(organization.id) };
      const permissions = (await t.app.inject({ method: 'GET', url: SHELL_PATHS.permissions, headers })).json<string[]>();
      const urls = leaves((await t.app.inject({ method: 'GET', url: SHELL_PATHS.menu, headers })).json<MenuItem[]>()).map((l) => l.url);
      return { permissions, urls };
    };
    const scout = await screensOf('scout');
    expect(scout.urls).toEqual(expect.arrayContaining(['/field/scouting', '/field/traps', '/field/phenology']));
    expect(scout.permissions).toEqual(expect.arrayContaining([PERMISSIONS.scoutingCapture, PERMISSIONS.trapsCapture, PERMISSIONS.phenologyCapture]));
    const irrigation = await screensOf('irrigation');
    expect(irrigation.urls).toContain('/field/irrigation');
    expect(irrigation.permissions).toContain(PERMISSIONS.irrigationCapture);
    const manager = await screensOf('manager');
    expect(manager.urls).toEqual(expect.arrayContaining(['/field/scouting', '/field/traps', '/field/irrigation', '/field/phenology']));
    // reading is not capturing
    for (const capture of [PERMISSIONS.scoutingCapture, PERMISSIONS.trapsCapture, PERMISSIONS.irrigationCapture, PERMISSIONS.phenologyCapture]) {
      expect(manager.permissions).not.toContain(capture);
    }
  });
});
