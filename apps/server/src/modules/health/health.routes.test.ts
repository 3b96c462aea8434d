import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { listenWhileStarting, type StartupProbe } from './startup-probe';

describe('readiness', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  it('is ready while the database answers, and answers 503 once it is lost while liveness stays 200', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    // the database goes away under the running app: every statement fails as a lost connection does
    vi.spyOn(t.app.db, 'execute').mockRejectedValue(Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' }));
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error).toMatchObject({ code: 'UNAVAILABLE', reason: 'not-ready' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the starting answers (while the database opens and migrates)', () => {
  let probe: StartupProbe | undefined;
  afterEach(async () => {
    await probe?.close();
    probe = undefined;
  });

  it('answers liveness 200, readiness and everything else 503, and frees the address when closed', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    probe = await listenWhileStarting('127.0.0.1', port);
    const base = `http://127.0.0.1:${port}`;
    const live = await fetch(`${base}/healthz`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
    for (const path of ['/readyz', '/readyz/', '/api/me', '/']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(((await res.json()) as { error: { reason: string } }).error.reason).toBe('not-ready');
    }
    // held open by a keep-alive caller, the address is still freed
    await probe.close();
    probe = undefined;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const again = await listenWhileStarting('127.0.0.1', port);
    await again.close();
  });
});
