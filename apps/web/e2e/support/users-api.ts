/**
 * Setting up users for a journey through the public API (as a demo administrator), so each test
 * works on rows of its own and never changes the demo users other spec files rely on.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { DemoUser } from './demo-users';

export interface ApiSession {
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
  return { api, token, organizations: (await orgs.json()) as { id: number; name: string }[] };
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

/** Creates a member of `organization` holding the named roles. */
export async function createUser(
  session: ApiSession,
  organization: string,
  options: { prefix: string; roles: string[]; fullName?: string; jobTitle?: string },
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
  return { id: created.id, userName, password: body.password, email: body.email, fullName: body.fullName, jobTitle: body.jobTitle };
}
