import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { createTenantWorld, type TenantWorld } from '../../test/helpers/tenant-matrix';
import { findNul } from './input';

describe('findNul', () => {
  it('names the first string or key holding NUL', () => {
    expect(findNul('a\u0000b', 'query')).toBe('query');
    expect(findNul({ rows: [{ name: 'ok' }, { name: 'x\u0000' }] }, 'body')).toBe('rows.1.name');
    expect(findNul({ ['k\u0000']: 1 }, 'body')).toBe('body');
    expect(findNul({ a: ['fine', 1, null, { b: true }] }, 'body')).toBeNull();
    expect(findNul(undefined, 'body')).toBeNull();
  });
});

describe('NUL characters in requests', () => {
  let t: TestApp;
  let w: TenantWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createTenantWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses NUL in the query, the path and the JSON body with 400, never reaching the database', async () => {
    const headers = await t.headersFor(w.a.userId, w.a.organizationId);
    const query = await t.app.inject({ method: 'GET', url: '/api/users/system-users?query=%00', headers });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ field: 'query', message: 'Must not contain the NUL character' }] } });

    const path = await t.app.inject({ method: 'GET', url: '/api/organizations/by-name/a%00b', headers });
    expect(path.statusCode).toBe(400);

    const body = await t.app.inject({ method: 'POST', url: '/api/roles', headers, payload: { name: 'Role\u0000', description: 'x', permissions: [] } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ error: { details: [{ field: 'name' }] } });
  });
});
