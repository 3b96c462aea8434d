/**
 * Setting up users for a journey through the public API (as a demo administrator), so each test
 * works on rows of its own and never changes the demo users other spec files rely on.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { RELEASE_NOTES_PATHS } from '@orchard/shared/release-notes';
import type { DemoUser } from './demo-users';

export interface ApiSession {
  baseURL: string;
  api: APIRequestContext;
  token: string;
  organizations: { id: number; name: string }[];
}

export async function apiSignIn(baseURL: string, user: Pick<DemoUser, 'userName' | 'password'>): Promise<ApiSession> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/connect/token', {
    data: { grant_type: 'password', username: user.userName, password: user.password, remember_me: false },
  });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const orgs = await api.get('/api/me/organizations', { headers: { Authorization: `Bearer ${token}` } });
  expect(orgs.status()).toBe(200);
  return { baseURL, api, token, organizations: (await orgs.json()) as { id: number; name: string }[] };
}

function headers(session: ApiSession, organization: string) {
  const org = session.organizations.find((o) => o.name === organization);
  if (!org) throw new Error(`No organisation ${organization}`);
  return { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(org.id) };
}

/** A unique name for this run (the e2e database is fresh, but tests may be retried by hand). */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export interface CreatedUser {
  id: number;
  userName: string;
  password: string;
  email: string;
  fullName: string;
  jobTitle: string;
}

/**
 * Dismisses, for `user`, the release note the server would show them (signing in through the API),
 * so their dashboard opens without the Release Notes dialog.
 */
export async function dismissReleaseNote(baseURL: string, user: Pick<CreatedUser, 'userName' | 'password'>) {
  // a context of its own, so the user's refresh cookie does not land in the administrator's
  const api = await playwrightRequest.newContext({ baseURL });
  const token = await api.post('/connect/token', {
    data: { grant_type: 'password', username: user.userName, password: user.password, remember_me: false },
  });
  expect(token.status()).toBe(200);
  const auth = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  const current = await api.get(RELEASE_NOTES_PATHS.current, { headers: auth });
  expect(current.status()).toBe(200);
  const note = ((await current.json()) as { releaseNote: { id: number } | null }).releaseNote;
  if (note) expect((await api.put(RELEASE_NOTES_PATHS.dismissal.replace(':id', String(note.id)), { headers: auth })).status()).toBe(204);
  await api.dispose();
}

/**
 * Creates a member of `organization` holding the named roles. The new user has dismissed the
 * current release note (as the demo users of the browser suite have), unless `keepReleaseNote`.
 */
export async function createUser(
  session: ApiSession,
  organization: string,
  options: { prefix: string; roles: string[]; fullName?: string; jobTitle?: string; keepReleaseNote?: boolean },
): Promise<CreatedUser> {
  const h = headers(session, organization);
  const list = await session.api.get('/api/users', { headers: h });
  expect(list.status()).toBe(200);
  const roles = ((await list.json()) as { roles: { id: number; name: string }[] }).roles;
  const roleIds = options.roles.map((name) => {
    const role = roles.find((r) => r.name === name);
    if (!role) throw new Error(`No role ${name} in ${organization}`);
    return role.id;
  });
  const userName = uniqueName(options.prefix);
  const body = {
    userName,
    email: `${userName}@example.test`,
    password: 'Start@2025',
    fullName: options.fullName ?? `Test ${userName}`,
    jobTitle: options.jobTitle ?? 'Tester',
    roleIds,
  };
  const res = await session.api.post('/api/users', { headers: h, data: body });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as { id: number };
  if (!options.keepReleaseNote) await dismissReleaseNote(session.baseURL, { userName, password: body.password });
  return { id: created.id, userName, password: body.password, email: body.email, fullName: body.fullName, jobTitle: body.jobTitle };
}
