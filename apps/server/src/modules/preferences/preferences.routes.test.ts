import { PERMISSIONS } from '@orchard/shared/core';
import { APP_DEFAULT_THEME_ID, PREFERENCES_MESSAGES, PREFERENCES_PATHS, THEME_IDS } from '@orchard/shared/preferences';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase } from '../../../test/helpers/tenant-matrix';

describe('preferences', () => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  beforeAll(async () => {
    t = await createTestApp();
    orgA = (await createOrganization(t.db, 'Prefs A')).id;
    orgB = (await createOrganization(t.db, 'Prefs B')).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const req = async (userId: number, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: await t.headersFor(userId, orgA),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('offers only themes that exist in PrimeReact', () => {
    const require = createRequire(import.meta.url);
    const themes = path.join(path.dirname(require.resolve('primereact/package.json')), 'resources', 'themes');
    for (const id of THEME_IDS) expect(fs.existsSync(path.join(themes, id, 'theme.css')), id).toBe(true);
  });

  it('starts on the app default; saves a theme; rejects an unknown one', async () => {
    const user = await createUser(t.db, 'prefs-theme');
    await addMember(t.db, user.id, orgA);
    expect((await req(user.id, 'GET', PREFERENCES_PATHS.preferences)).json()).toMatchObject({
      themeId: APP_DEFAULT_THEME_ID,
      defaultThemeId: null,
    });
    const saved = await req(user.id, 'PUT', PREFERENCES_PATHS.preferences, { themeId: 'vela-blue' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ themeId: 'vela-blue', defaultThemeId: null });
    expect((await req(user.id, 'GET', PREFERENCES_PATHS.preferences)).json()).toMatchObject({ themeId: 'vela-blue' });
    const bad = await req(user.id, 'PUT', PREFERENCES_PATHS.preferences, { themeId: 'comic-sans' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'themeId', message: PREFERENCES_MESSAGES.unknownTheme, reason: 'theme-unknown' }]);
    const long = await req(user.id, 'PUT', PREFERENCES_PATHS.preferences, { themeId: 'x'.repeat(5000) });
    expect(long.statusCode).toBe(400);
  });

  it('sets the current theme as default, reloads it, and resets with null', async () => {
    const user = await createUser(t.db, 'prefs-defaults');
    await addMember(t.db, user.id, orgA);
    expect((await req(user.id, 'GET', PREFERENCES_PATHS.defaults)).json()).toEqual({ themeId: APP_DEFAULT_THEME_ID });
    await req(user.id, 'PUT', PREFERENCES_PATHS.preferences, { themeId: 'arya-green' });
    const set = await req(user.id, 'POST', PREFERENCES_PATHS.setCurrentAsDefault);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ themeId: 'arya-green', defaultThemeId: 'arya-green' });
    await req(user.id, 'PUT', PREFERENCES_PATHS.preferences, { themeId: 'saga-blue' });
    expect((await req(user.id, 'GET', PREFERENCES_PATHS.defaults)).json()).toEqual({ themeId: 'arya-green' });

    const saveDefault = await req(user.id, 'PUT', PREFERENCES_PATHS.defaults, { themeId: 'lara-dark-blue' });
    expect(saveDefault.json()).toEqual({ themeId: 'saga-blue', defaultThemeId: 'lara-dark-blue' });

    const reset = await req(user.id, 'PUT', PREFERENCES_PATHS.defaults, { themeId: null });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ themeId: APP_DEFAULT_THEME_ID, defaultThemeId: null });
    expect((await req(user.id, 'GET', PREFERENCES_PATHS.defaults)).json()).toEqual({ themeId: APP_DEFAULT_THEME_ID });
    expect((await req(user.id, 'PUT', PREFERENCES_PATHS.defaults, {})).statusCode).toBe(400);
  });

  it('view flags follow users.view in the current organisation; orders always', async () => {
    const user = await createUser(t.db, 'prefs-flags');
    await addMember(t.db, user.id, orgA, [(await createRole(t.db, orgA, 'Viewers of users', [PERMISSIONS.usersView])).id]);
    await addMember(t.db, user.id, orgB, [(await createRole(t.db, orgB, 'Pickers', [PERMISSIONS.pickingView])).id]);
    const inA = await t.app.inject({ method: 'GET', url: PREFERENCES_PATHS.preferences, headers: await t.headersFor(user.id, orgA) });
    expect(inA.json().viewFlags).toEqual({ customers: true, products: true, orders: true });
    const inB = await t.app.inject({ method: 'GET', url: PREFERENCES_PATHS.preferences, headers: await t.headersFor(user.id, orgB) });
    expect(inB.json().viewFlags).toEqual({ customers: false, products: false, orders: true });
    // the GET needs the current organisation; the saves do not
    const noOrg = await t.app.inject({ method: 'GET', url: PREFERENCES_PATHS.preferences, headers: await t.bearer(user.id) });
    expect(noOrg.statusCode).toBe(400);
    const save = await t.app.inject({ method: 'PUT', url: PREFERENCES_PATHS.preferences, headers: await t.bearer(user.id), payload: { themeId: 'nano' } });
    expect(save.statusCode).toBe(200);
  });

  it("another organisation's context answers 404", async () => {
    const world = await createTenantWorld(t);
    await runTenantCase(t, world, {
      name: 'preferences in A',
      request: (w) => ({ method: 'GET', url: PREFERENCES_PATHS.preferences, headers: { 'x-organization-id': String(w.a.organizationId) } }),
      expect: 'not-found',
    });
  });
});
