import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS } from '@orchard/shared/core';
import { paths } from '../config/paths';
import { queryClient } from '../lib/query-client';
import { permissionsQueryOptions } from '../lib/session/session-queries';
import { clearSession, sessionStore } from '../lib/session/session-store';
import { bootstrapSession } from '../lib/session/bootstrap';
import { areaRoutes, preloadSignedInPage, routePath } from './router';

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

  it("each Field Data screen opens for a holder of its view permissions (read-only) or its capture permission", () => {
    const guardOf = (path: string) => (areaRoutes().find((r) => r.path === routePath(path))?.element as { props: { permission: unknown } }).props.permission;
    expect(guardOf(paths.fieldScouting)).toEqual([PERMISSIONS.scoutingView, PERMISSIONS.scoutingCapture]);
    expect(guardOf(paths.fieldTraps)).toEqual([PERMISSIONS.trapsView, PERMISSIONS.trapsCapture]);
    expect(guardOf(paths.fieldIrrigation)).toEqual([PERMISSIONS.reportsTensio, PERMISSIONS.waterView, PERMISSIONS.irrigationCapture]);
    expect(guardOf(paths.fieldPhenology)).toEqual([PERMISSIONS.phenologyView, PERMISSIONS.phenologyCapture]);
  });

  it('Upload Update is guarded for super users only, not by a permission', () => {
    const update = areaRoutes().find((r) => r.path === routePath(paths.systemUpdate));
    expect((update?.element as { props: { permission: unknown; superUserOnly: unknown } }).props).toMatchObject({ permission: null, superUserOnly: true });
  });
});

describe('a schedule opened by its address', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    queryClient.clear();
  });

  /** Requests the page's prefetch sends once the session is restored with these permissions. */
  async function requestsFor(pathname: string, permissions: string[]) {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        // the filters: two packhouses; the schedule itself is left unanswered here
        if (url.includes('/api/picking/filters')) {
          return new Response(JSON.stringify({ packhouses: [{ id: 5, name: 'A', shortName: null, owned: true }, { id: 9, name: 'B', shortName: null, owned: false }], producers: [], farms: [], varieties: [] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        return new Promise<Response>(() => undefined);
      }),
    );
    // as at start-up: the session is being restored (its refresh request left unanswered)
    sessionStore.setState({ status: 'unknown' });
    void bootstrapSession();
    preloadSignedInPage(pathname);
    sessionStore.setState({ userId: 1, organizationId: 3, accessToken: 'token', expiresAt: Date.now() + 600_000 });
    queryClient.setQueryData(permissionsQueryOptions(3).queryKey, permissions);
    sessionStore.setState({ status: 'authenticated' });
    await vi.waitFor(() => expect(urls.some((u) => u.includes('/api/picking/filters')) || permissions.length === 0).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    return urls.filter((u) => u.includes('/api/picking/'));
  }

  it('asks for its filters and first page as soon as the session is restored', async () => {
    const urls = await requestsFor(paths.pickingSchedule, [PERMISSIONS.pickingView]);
    expect(urls[0]).toContain('/api/picking/filters?view=producer');
    // every packhouse for a producer, the first one for a packhouse user
    expect(new URL(urls[1]!, 'http://x').searchParams.get('packhouses')).toBe('5,9');
    expect(urls[1]).toContain('/api/picking/schedule?');
  });

  it('asks a packhouse user for the first packhouse only', async () => {
    const urls = await requestsFor(paths.pickingSchedule, [PERMISSIONS.pickingView, PERMISSIONS.pickingPackhouseUser]);
    expect(new URL(urls[1]!, 'http://x').searchParams.get('packhouses')).toBe('5');
  });

  it('asks nothing for a user who may not open the page', async () => {
    expect(await requestsFor(paths.pickingSchedule, [])).toEqual([]);
  });
});

describe('the code of a page opened by its address', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("is fetched after the session's refresh request has gone out, not ahead of it", async () => {
    vi.resetModules();
    // a fresh tab: no other tab's refresh under way
    localStorage.clear();
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        order.push(String(input));
        return new Promise<Response>(() => undefined);
      }),
    );
    const router = await import('./router');
    const bootstrap = await import('../lib/session/bootstrap');
    const page = router.AREA_PAGES[paths.pickingSchedule]!.Component;
    const preload = vi.spyOn(page, 'preload').mockImplementation(() => order.push('page code'));
    router.preloadSignedInPage(paths.pickingSchedule);
    await new Promise((r) => setTimeout(r, 20));
    expect(preload).not.toHaveBeenCalled();
    void bootstrap.bootstrapSession();
    await vi.waitFor(() => expect(preload).toHaveBeenCalledOnce());
    expect(order[0]).toContain('/connect/token');
    expect(order.indexOf('page code')).toBeGreaterThan(0);
  });
});
