/**
 * The built web app's files (plugins/web-app.ts): a file with compressed copies beside it
 * (apps/web/precompress.ts) is sent as Brotli or gzip to a browser that accepts it, and as it is
 * otherwise; hashed assets keep their long caching either way, and every answer varies by
 * Accept-Encoding so that no cache in between gives a compressed copy to a browser that cannot read it.
 * A server started without the built web app says so at start and on every page a browser asks for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { routePolicyPlugin } from './route-policy';
import { webAppPlugin } from './web-app';

describe('web app files', () => {
  let app: FastifyInstance;
  let root: string;
  const script = `export const greeting = ${JSON.stringify('orchard '.repeat(400))};\n`;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Orchard Ops</title>');
    fs.writeFileSync(path.join(root, 'assets/main-abc.js'), script);
    fs.writeFileSync(path.join(root, 'assets/main-abc.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(root, 'assets/main-abc.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(root, 'assets/plain-abc.js'), 'export {};\n');
    app = Fastify();
    await app.register(routePolicyPlugin);
    await app.register(webAppPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the Brotli copy to a browser that accepts it, gzip to one that takes only gzip, the file itself otherwise', async () => {
    const br = await get('/assets/main-abc.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/main-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/main-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(String(res.headers['content-type'])).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('sends a file without compressed copies as it is, whatever the browser accepts', async () => {
    const res = await get('/assets/plain-abc.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });
});

describe('the app with and without the built web app', () => {
  let root: string;
  let without: TestApp;
  let withWeb: TestApp;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Orchard Ops</title>');
    without = await createTestApp({ webDistDir: path.join(root, 'not-built') });
    withWeb = await createTestApp({ webDistDir: root });
  });
  afterAll(async () => {
    await without.close();
    await withWeb.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('says at start that the web app is not built, where it looked, and how to build it', () => {
    expect(without.app.startNotices).toHaveLength(1);
    const [notice] = without.app.startNotices;
    expect(notice).toContain('The web app is not built');
    expect(notice).toContain(path.join(root, 'not-built'));
    expect(notice).toContain('npm run build');
    expect(notice).toContain('npm start');
    expect(withWeb.app.startNotices).toEqual([]);
  });

  it("answers the browser's pages with a page saying so (503), and the API as before", async () => {
    for (const url of ['/', '/settings', '/picking/schedule?week=3', '/favicon.ico']) {
      const res = await without.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('The web app is not built');
      expect(res.body).toContain('npm run build');
      expect(res.body).toContain('npm start');
      // nothing about where the server keeps its files
      expect(res.body).not.toContain(root);
    }
    const api = await without.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found', reason: 'not-found' }, requestId: expect.any(String) });
    expect((await without.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const post = await without.app.inject({ method: 'POST', url: '/' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('NOT_FOUND');
  });

  it('serves index.html when the web app is built', async () => {
    for (const url of ['/', '/settings']) {
      const res = await withWeb.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('<!doctype html><title>Orchard Ops</title>');
    }
    expect((await withWeb.app.inject({ method: 'GET', url: '/api/does-not-exist' })).statusCode).toBe(404);
  });
});
