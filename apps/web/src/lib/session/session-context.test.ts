/**
 * Restoring a session on page load (session-context.ts): what the shell waits for is asked side by
 * side, so a reload waits for two round trips after the token (the user and their organisations, then
 * the organisation's five) instead of one after another, and one when the tab remembers its
 * organisation; a failure of any still ends the restore.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORGANIZATION_HEADER } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { settlePendingOperations } from '../api-client';
import { queryClient } from '../query-client';
import { createRefreshCoordinator, setRefreshCoordinator } from './refresh-coordinator';
import { restoreSession } from './session-context';
import { clearSession, sessionStore, setCurrentOrganization } from './session-store';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ANSWERS: Record<string, unknown> = {
  [SHELL_PATHS.me]: {
    id: 7,
    userName: 'grower',
    email: 'grower@example.com',
    fullName: 'A Grower',
    jobTitle: null,
    phoneNumber: null,
    avatar: null,
    isEnabled: true,
    isLockedOut: false,
    isSuperUser: false,
    last_Organization: 3,
  },
  [SHELL_PATHS.organizations]: [{ id: 3, name: 'Citrus', sort: 1, organization_Type: 'grower', default_Culture_Name: 'en-ZA', logo: null }],
  [SHELL_PATHS.permissions]: ['harvest.view'],
  [SHELL_PATHS.menu]: [{ id: 'harvest', displayName: 'Harvest', icon: null, url: '/harvest', hasSubItems: false, items: [] }],
  [SHELL_PATHS.defaultPage]: { url: null },
  [SHELL_PATHS.farms]: [{ id: 11, title: 'Kransvlei' }],
  [SHELL_PATHS.roles]: [],
};

/** Each request waits until the test answers it, so what is asked before any answer can be seen. */
let waiting: { path: string; organizationId: string | undefined; answer: (status?: number) => void }[];

beforeEach(() => {
  waiting = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          const path = new URL(url, 'http://localhost').pathname;
          const organizationId = (init?.headers as Record<string, string> | undefined)?.[ORGANIZATION_HEADER];
          waiting.push({ path, organizationId, answer: (status = 200) => resolve(status === 200 ? json(ANSWERS[path]) : json({ error: { code: 'x', message: 'x' }, requestId: 'r' }, status)) });
        }),
    ),
  );
  setRefreshCoordinator(createRefreshCoordinator());
  clearSession();
  sessionStorage.clear();
  queryClient.clear();
  sessionStore.setState({ status: 'unknown', accessToken: 'token', userId: 7 });
});

afterEach(() => {
  settlePendingOperations(false);
  vi.unstubAllGlobals();
});

/** Lets the requests started so far reach fetch. */
const asked = async (count: number) => {
  await vi.waitFor(() => expect(waiting.length).toBeGreaterThanOrEqual(count));
  return waiting.splice(0, waiting.length);
};

describe('restoreSession', () => {
  it('asks for the user and their organisations together, then for the five organisation answers together', async () => {
    const restored = restoreSession();
    const first = await asked(2);
    expect(first.map((r) => r.path).sort()).toEqual([SHELL_PATHS.me, SHELL_PATHS.organizations].sort());
    first.forEach((r) => r.answer());

    const second = await asked(5);
    expect(second.map((r) => r.path).sort()).toEqual(
      [SHELL_PATHS.permissions, SHELL_PATHS.menu, SHELL_PATHS.defaultPage, SHELL_PATHS.farms, SHELL_PATHS.roles].sort(),
    );
    second.forEach((r) => r.answer());

    await expect(restored).resolves.toBe(true);
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', organizationId: 3, selectedFarmId: 11, landingPage: '/harvest' });
  });

  it('fails the restore when any of the five fails', async () => {
    const restored = restoreSession();
    (await asked(2)).forEach((r) => r.answer());
    const second = await asked(5);
    second.forEach((r) => r.answer(r.path === SHELL_PATHS.farms ? 500 : 200));
    await expect(restored).resolves.toBe(false);
    expect(sessionStore.getState().status).not.toBe('authenticated');
  });

  const CONTEXT: string[] = [SHELL_PATHS.permissions, SHELL_PATHS.menu, SHELL_PATHS.defaultPage, SHELL_PATHS.farms, SHELL_PATHS.roles];

  it("after a reload, asks for the tab's organisation's five beside the user and their organisations: one round trip", async () => {
    // the tab's organisation as a reload finds it: kept in the tab's storage, not yet current
    setCurrentOrganization(3);
    sessionStore.setState({ organizationId: null });
    const restored = restoreSession();
    const all = await asked(7);
    expect(all.map((r) => r.path).sort()).toEqual([SHELL_PATHS.me, SHELL_PATHS.organizations, ...CONTEXT].sort());
    expect(all.filter((r) => CONTEXT.includes(r.path)).map((r) => r.organizationId)).toEqual(['3', '3', '3', '3', '3']);
    all.forEach((r) => r.answer());
    await expect(restored).resolves.toBe(true);
    expect(waiting).toEqual([]);
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', organizationId: 3, selectedFarmId: 11, landingPage: '/harvest' });
  });

  it("an organisation the tab remembers but the user no longer belongs to is never made current: the user's own is loaded", async () => {
    // the tab's organisation as a reload finds it: kept in the tab's storage, not yet current
    setCurrentOrganization(9);
    sessionStore.setState({ organizationId: null });
    const seen: (number | null)[] = [];
    const stop = sessionStore.subscribe(() => seen.push(sessionStore.getState().organizationId));
    const restored = restoreSession();
    const first = await asked(7);
    // the remembered organisation refuses; the user and their organisations answer
    first.forEach((r) => r.answer(CONTEXT.includes(r.path) ? 403 : 200));
    const second = await asked(5);
    expect(second.map((r) => r.path).sort()).toEqual([...CONTEXT].sort());
    expect(second.map((r) => r.organizationId)).toEqual(['3', '3', '3', '3', '3']);
    second.forEach((r) => r.answer());
    await expect(restored).resolves.toBe(true);
    stop();
    expect(seen).not.toContain(9);
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', organizationId: 3 });
  });
});
