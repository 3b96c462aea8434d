/**
 * Path rules see the path the way the router matches it, and the headers a deployment relies on:
 * HSTS in production, API docs never framed (and behind sign-in in production), hashed assets
 * cached for a year, and no cross-site sign-in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS } from '@orchard/shared/auth';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { FIXTURE_PASSWORD, createUser } from '../../test/helpers/fixtures';
import { maintenanceState } from '../db/schema/index';
import { helmetHeaders, securityHeaderOptions } from './security';

describe('one path, one policy', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.bearer((await createUser(t.db, 'path-user')).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const spellings = ['/api/me', '/API/ME', '/Api/Me', '/api/me/', '/%61pi/me'];

  it.each(spellings)('%s is the API: answered without being cached', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    if (res.statusCode === 200) expect(res.json()).toMatchObject({ userName: 'path-user' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(spellings)('%s is refused during maintenance like /api/me', async (url) => {
    await t.db.update(maintenanceState).set({ isDown: true }).where(eq(maintenanceState.id, 1));
    t.app.maintenance.invalidate();
    try {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).not.toBe(200);
      if (res.statusCode !== 404) expect(res.statusCode).toBe(503);
    } finally {
      await t.db.update(maintenanceState).set({ isDown: false }).where(eq(maintenanceState.id, 1));
      t.app.maintenance.invalidate();
    }
  });

  it("every answer, an error or a refusal too, carries helmet's headers for the app's options", async () => {
    const expected = helmetHeaders(securityHeaderOptions('test'));
    expect(expected['Content-Security-Policy']).toBe(
      "default-src 'self';base-uri 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https://tile.openstreetmap.org;" +
        "font-src 'self' data:;connect-src 'self';worker-src 'self';object-src 'none';frame-ancestors 'none';form-action 'self'",
    );
    expect(expected['X-Content-Type-Options']).toBe('nosniff');
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/me', headers }),
      await t.app.inject({ method: 'GET', url: '/api/me' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers }),
    ]) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name.toLowerCase()], `${res.statusCode} ${name}`).toBe(value);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('upper-case connect paths are not cached either', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/CONNECT/TOKEN', payload: { grant_type: 'password', username: 'x', password: 'y' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the status endpoint stays reachable during maintenance, in any spelling', async () => {
    await t.db.update(maintenanceState).set({ isDown: true }).where(eq(maintenanceState.id, 1));
    t.app.maintenance.invalidate();
    try {
      for (const url of [SHELL_PATHS.systemStatus, SHELL_PATHS.systemStatus.toUpperCase()]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.json()).toMatchObject({ maintenance: true });
      }
    } finally {
      await t.db.update(maintenanceState).set({ isDown: false }).where(eq(maintenanceState.id, 1));
      t.app.maintenance.invalidate();
    }
  });
});

describe('headers in production', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Orchard Ops</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-3f2a9c.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => undefined)');
    t = await createTestApp({ env: 'production', apiDocs: 'signed-in', webDistDir: webRoot, cookieSecure: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('keeps the API docs behind sign-in and never framed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const user = await createUser(t.db, 'docs-reader');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: await t.bearer(user.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.any(String) });
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html', headers: await t.bearer(user.id) });
    expect(ui.headers['x-frame-options']).toBe('DENY');
    expect(String(ui.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/);
  });

  it('caches hashed assets for a year, immutable, and not the page that names them', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/settings' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker from the root as JavaScript, revalidated on every check, allowed by the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/script-src 'self'/);
    // served at the root: its scope is the whole app without a Service-Worker-Allowed header
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it('never answers an API path, however spelt, with the web page', async () => {
    for (const url of ['/api/nothing-here', '/API/NOTHING-HERE', '/%61pi/nothing-here', '/Connect/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });
});

describe('headers in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'development', apiDocs: 'public' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends no HSTS over plain http, serves the docs openly and still never framed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(ui.headers['x-frame-options']).toBe('DENY');
  });
});

describe('no cross-site sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://orchard.example' });
    await createUser(t.db, 'csrf-user');
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (headers: Record<string, string>, n: number) =>
    t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: `grant_type=password&username=csrf-user&password=${encodeURIComponent(FIXTURE_PASSWORD)}`,
      remoteAddress: `10.8.0.${n}`,
    });

  it('refuses a form posted from another site', async () => {
    expect((await signIn({ 'sec-fetch-site': 'cross-site' }, 1)).statusCode).toBe(403);
    expect((await signIn({ 'sec-fetch-site': 'same-site' }, 2)).statusCode).toBe(403);
    expect((await signIn({ origin: 'https://evil.example' }, 3)).statusCode).toBe(403);
    expect((await signIn({ origin: 'null' }, 4)).statusCode).toBe(403);
    const out = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(out.statusCode).toBe(403);
  });

  it('accepts the app itself and clients that are not browsers', async () => {
    expect((await signIn({ 'sec-fetch-site': 'same-origin', origin: 'https://orchard.example' }, 5)).statusCode).toBe(200);
    expect((await signIn({ origin: 'https://orchard.example' }, 6)).statusCode).toBe(200);
    expect((await signIn({}, 7)).statusCode).toBe(200);
  });
});
