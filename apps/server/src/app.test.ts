import { UPLOAD_MESSAGES } from '@orchard/shared/core';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import type { DbHandle } from './db/client';
import { AppError } from './lib/errors';
import { createTestDatabase } from '../test/helpers/db';

describe('application platform', () => {
  let handle: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await buildApp({ db: handle, config: testConfig() });
    // routes that exist only here, to exercise the cross-cutting behaviour
    app.get('/api/__test/boom', { config: { auth: 'public' } }, async () => {
      throw new Error('secret internal detail: connection string postgres://user:pw@host');
    });
    app.get('/api/__test/conflict', { config: { auth: 'public' } }, async () => {
      throw new AppError('CONFLICT', 'Someone else changed this row');
    });
    app.post(
      '/api/__test/echo',
      {
        config: { auth: 'public' },
        schema: { body: z.object({ name: z.string().min(2).max(5), count: z.number().int() }) },
      },
      async (request) => request.body,
    );
    // a route that reads a form itself, as @fastify/multipart offers (the upload routes use http/upload.ts)
    app.post('/api/__test/form', { config: { auth: 'public' } }, async (request) => {
      const file = await request.file({ limits: { fileSize: 10 } });
      return { size: (await file!.toBuffer()).length };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found', reason: 'not-found' }, requestId: expect.any(String) });
  });

  it('rate-limits the 404 handler', async () => {
    let last = 0;
    for (let i = 0; i < 125; i++) {
      last = (await app.inject({ method: 'GET', url: `/api/missing-${i}`, remoteAddress: '10.9.9.9' })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('hides internals of 5xx answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred', reason: 'internal' }, requestId: expect.any(String) });
    expect(res.body).not.toContain('secret');
  });

  it('passes service errors through with their code', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'Someone else changed this row', reason: 'conflict' });
  });

  it('reports validation failures per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/__test/echo', payload: { name: 'x', count: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['count', 'name']);
    // a schema's built-in check has no rule of its own: the generic keys
    expect(body.error.reason).toBe('request-invalid');
    expect(body.error.details.map((d: { reason: string }) => d.reason)).toEqual(['value-invalid', 'value-invalid']);
  });

  it('rejects malformed JSON with the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it("refuses a form the route cannot read with the envelope: the library's and busboy's errors are 400, 413 or 415, never 500", async () => {
    const boundary = '----orchard-form';
    const part = (content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${content}`;
    const send = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
      app.inject({ method: 'POST', url: '/api/__test/form', headers: { 'content-type': contentType }, payload });
    expect((await send(`${part('hello')}\r\n--${boundary}--\r\n`)).json()).toEqual({ size: 5 });
    const cases: [string, Awaited<ReturnType<typeof send>>, number, string][] = [
      ['no boundary', await send('abc', 'multipart/form-data'), 400, UPLOAD_MESSAGES.malformed],
      ['cut short', await send(part('hello')), 400, UPLOAD_MESSAGES.malformed],
      ['not multipart', await send('{"file":"x"}', 'application/json'), 415, UPLOAD_MESSAGES.notMultipart],
      ['too large', await send(`${part('hello, world')}\r\n--${boundary}--\r\n`), 413, 'The request is too large'],
    ];
    for (const [what, res, status, message] of cases) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json(), what).toEqual({ error: { code: expect.any(String), message, reason: expect.any(String) }, requestId: expect.any(String) });
    }
  });

  it('sends security headers and no-store on API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('answers 503 MAINTENANCE on the API while the maintenance flag is set', async () => {
    await handle.db.execute(sql`update maintenance_state set is_down = true where id = 1`);
    app.maintenance.invalidate();
    const res = await app.inject({ method: 'GET', url: '/api/__test/conflict' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('MAINTENANCE');
    await handle.db.execute(sql`update maintenance_state set is_down = false where id = 1`);
    app.maintenance.invalidate();
    expect((await app.inject({ method: 'GET', url: '/api/__test/conflict' })).statusCode).toBe(409);
  });
});
