import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '@orchard/shared/auth';
import { apiRequest, configureApiClient, pendingOperationCount, refreshAccessToken, settlePendingOperations } from './api-client';
import { ApiError } from './api-error';
import { createRefreshCoordinator, setRefreshCoordinator } from './session/refresh-coordinator';
import { clearSession, sessionStore } from './session/session-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const envelope = (status: number, code: string, message: string) => json(status, { error: { code, message }, requestId: 'r1' });
const token = (access: string, userId = 7) => json(200, { access_token: access, token_type: 'Bearer', expires_in: 300, user_id: userId });

type Call = { url: string; init: RequestInit };
let calls: Call[];
let handler: (url: string, init: RequestInit) => Response | Promise<Response>;

const headersOf = (c: Call) => c.init.headers as Record<string, string>;
const isRefresh = (c: Call) => c.url === AUTH_PATHS.token;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  // a tab on its own (the coordination between tabs has its own tests)
  setRefreshCoordinator(createRefreshCoordinator());
  clearSession();
  sessionStore.setState({ status: 'authenticated', accessToken: 'old', userId: 7, organizationId: 3 });
  configureApiClient({ onMaintenance: vi.fn(), onSessionExpired: vi.fn() });
});

afterEach(() => {
  settlePendingOperations(false);
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the bearer token, the organisation header and same-origin credentials', async () => {
    handler = () => json(200, { ok: true });
    await expect(apiRequest('/api/me/permissions', { tenant: 3 })).resolves.toEqual({ ok: true });
    expect(headersOf(calls[0]!).Authorization).toBe('Bearer old');
    expect(headersOf(calls[0]!)['x-organization-id']).toBe('3');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('uses an explicit organisation id and omits the header for non-tenant calls', async () => {
    handler = () => json(200, []);
    await apiRequest('/api/menu', { tenant: 9 });
    await apiRequest('/api/me');
    expect(headersOf(calls[0]!)['x-organization-id']).toBe('9');
    expect(headersOf(calls[1]!)['x-organization-id']).toBeUndefined();
  });

  it('sends the organisation the caller names (the one in its query key), never the one in the store at send time', async () => {
    handler = () => json(200, []);
    // the user has switched to organisation 4 while a query keyed ['org', 3, ...] sends its request
    sessionStore.setState({ organizationId: 4 });
    await apiRequest('/api/users', { tenant: 3 });
    expect(headersOf(calls[0]!)['x-organization-id']).toBe('3');
    // and so does its retry after a silent refresh, whatever the store says by then
    sessionStore.setState({ organizationId: 5 });
    let rejected = false;
    handler = (url) => {
      if (url === AUTH_PATHS.token) return token('new');
      if (!rejected) {
        rejected = true;
        return envelope(401, 'UNAUTHENTICATED', 'expired');
      }
      return json(200, []);
    };
    await apiRequest('/api/users', { tenant: 3 });
    const sent = calls.slice(1).filter((c) => !isRefresh(c));
    expect(sent.map((c) => headersOf(c)['x-organization-id'])).toEqual(['3', '3']);
  });

  it('parses the error envelope into an ApiError', async () => {
    handler = () => json(409, { error: { code: 'CONFLICT', message: 'taken', details: [{ field: 'name', message: 'dup' }] }, requestId: 'abc' });
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'taken', requestId: 'abc', details: [{ field: 'name', message: 'dup' }] });
    expect((error as ApiError).body).toContain('"CONFLICT"');
  });

  it('keeps status and body of answers without an envelope', async () => {
    handler = () => new Response('Bad Gateway', { status: 502 });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'INTERNAL', message: '', body: 'Bad Gateway' });
  });

  it('turns a network failure into a NETWORK_ERROR ApiError', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
  });

  it('reports 503 MAINTENANCE to the maintenance handler', async () => {
    const onMaintenance = vi.fn();
    configureApiClient({ onMaintenance });
    handler = () => envelope(503, 'MAINTENANCE', 'maintenance');
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 503, code: 'MAINTENANCE' });
    expect(onMaintenance).toHaveBeenCalledTimes(1);
  });
});

describe('silent refresh', () => {
  it('refreshes once for parallel 401s and retries each request once with the new token', async () => {
    handler = (url, init) => {
      if (url === AUTH_PATHS.token) return token('new');
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new' ? json(200, { url }) : envelope(401, 'UNAUTHENTICATED', 'expired');
    };
    const results = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(JSON.parse(calls.find(isRefresh)!.init.body as string)).toEqual({ grant_type: 'refresh_token' });
    expect(calls.filter((c) => c.url === '/api/a')).toHaveLength(2);
    expect(sessionStore.getState().accessToken).toBe('new');
  });

  it('shares one in-flight refresh between callers', async () => {
    let resolve!: (r: Response) => void;
    handler = () => new Promise<Response>((r) => (resolve = r));
    const a = refreshAccessToken();
    const b = refreshAccessToken();
    expect(a).toBe(b);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    resolve(token('t2'));
    await expect(a).resolves.toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('does not retry more than once when the retried call is refused again', async () => {
    handler = (url) => (url === AUTH_PATHS.token ? token('new') : envelope(401, 'UNAUTHENTICATED', 'nope'));
    await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/a')).toHaveLength(2);
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('does not refresh for calls made without auth', async () => {
    handler = () => envelope(401, 'UNAUTHENTICATED', 'invalid_username_or_password');
    await expect(apiRequest(AUTH_PATHS.token, { method: 'POST', auth: false, body: {} })).rejects.toMatchObject({
      message: 'invalid_username_or_password',
    });
    expect(calls).toHaveLength(1);
  });

  it('throws the 401 when nobody is signed in and the refresh fails', async () => {
    sessionStore.setState({ status: 'anonymous' });
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    handler = (url) => (url === AUTH_PATHS.token ? envelope(401, 'UNAUTHENTICATED', 'no refresh token') : envelope(401, 'UNAUTHENTICATED', 'x'));
    await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('session expired', () => {
  const expire = () => {
    let restored = false;
    handler = (url, init) => {
      if (url === AUTH_PATHS.token) return envelope(401, 'UNAUTHENTICATED', 'expired');
      const auth = (init.headers as Record<string, string>).Authorization;
      return restored && auth === 'Bearer fresh' ? json(200, { url }) : envelope(401, 'UNAUTHENTICATED', 'expired');
    };
    return () => {
      restored = true;
      sessionStore.setState({ accessToken: 'fresh', sessionExpired: false });
    };
  };

  it('opens the session-expired modal once and retries the failed requests after restore', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    const restore = expire();
    const a = apiRequest('/api/a');
    const b = apiRequest('/api/b');
    await vi.waitFor(() => expect(pendingOperationCount()).toBe(2));
    expect(sessionStore.getState().sessionExpired).toBe(true);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    restore();
    settlePendingOperations(true);
    await expect(a).resolves.toEqual({ url: '/api/a' });
    await expect(b).resolves.toEqual({ url: '/api/b' });
    expect(pendingOperationCount()).toBe(0);
  });

  it('rejects the failed requests with their 401 when the user declines the retry', async () => {
    expire();
    const a = apiRequest('/api/a');
    await vi.waitFor(() => expect(pendingOperationCount()).toBe(1));
    settlePendingOperations(false);
    await expect(a).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});
