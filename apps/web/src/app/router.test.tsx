import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { areaRoutes, routePath } from './router';

describe('area routes', () => {
  it('menu URLs that differ only by fragment become one route, guarded by any of their permissions', () => {
    const routes = areaRoutes();
    const settings = routes.filter((r) => r.path === 'settings');
    expect(settings).toHaveLength(1);
    const guard = settings[0]?.element as { props: { permission: unknown } };
    expect(guard.props.permission).toEqual(['users.view', 'roles.view']);
    const all = routes.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(['dashboard', 'settings', 'settings/profile', 'settings/preferences']));
  });

  it('Profile and Preferences are open to every member', () => {
    const profile = areaRoutes().find((r) => r.path === routePath(paths.settingsProfile));
    expect((profile?.element as { props: { permission: unknown; superUserOnly: unknown } }).props).toMatchObject({ permission: null, superUserOnly: false });
  });

  it('Farm Setup is routed, guarded by management.farmSetup', () => {
    const farmSetup = areaRoutes().find((r) => r.path === routePath(paths.managementFarmSetup));
    expect(farmSetup?.handle).toEqual({ title: 'farmSetup.title' });
    expect((farmSetup?.element as { props: { permission: unknown; superUserOnly: unknown } }).props).toMatchObject({
      permission: ['management.farmSetup'],
      superUserOnly: false,
    });
  });

  it('Upload Update is guarded for super users only, not by a permission', () => {
    const update = areaRoutes().find((r) => r.path === routePath(paths.systemUpdate));
    expect((update?.element as { props: { permission: unknown; superUserOnly: unknown } }).props).toMatchObject({ permission: null, superUserOnly: true });
  });
});
