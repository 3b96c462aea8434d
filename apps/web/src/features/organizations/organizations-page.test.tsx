/**
 * An organisation's name in the Organisations list opens it: the super user joins it when they are
 * not a member (POST /api/organizations/:id/open), the user's organisations are asked again (so the
 * switcher lists it) and the organisation switch takes them there.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrganizationsResponse } from '@orchard/shared/organizations';
import { i18n } from '../../lib/i18n-core';
import { loadAllTexts } from '../../lib/load-all-texts';
import { openOrganization } from './api/open-organization';
import { OrganizationsPage } from './organizations-page';

const calls = vi.hoisted(() => [] as string[]);
const mutate = vi.hoisted(() => vi.fn());

vi.mock('../../lib/session/use-session-context', () => ({ useSessionContext: () => ({ organization: null }) }));
vi.mock('../../lib/api-client', () => ({
  apiRequest: vi.fn(async (url: string, options: { method?: string }) => {
    calls.push(`${options.method ?? 'GET'} ${url}`);
  }),
}));
vi.mock('../../lib/query-client', () => ({
  queryClient: {
    fetchQuery: vi.fn(async (options: { queryKey: readonly unknown[] }) => {
      calls.push(`fetch ${JSON.stringify(options.queryKey)}`);
    }),
  },
}));
vi.mock('../../lib/session/session-context', () => ({
  switchOrganization: vi.fn(async (organizationId: number) => {
    calls.push(`switch ${organizationId}`);
    return '/dashboard';
  }),
}));
vi.mock('./components/create-organization-dialog', () => ({ CreateOrganizationDialog: () => null }));
vi.mock('./api/get-organizations', () => ({
  useOrganizations: () => ({
    data: {
      organizations: [{ id: 7, name: 'Letaba Citrus Estates', contactRow: null, default_Legal_EntityRow: null }],
      counts: [{ id: 7, farm_Count: 2, user_Count: 3 }],
      totalRecords: 1,
      page: 1,
      pageSize: 20,
    } satisfies OrganizationsResponse,
    isFetching: false,
    isError: false,
    error: null,
    status: 'success',
    fetchStatus: 'idle',
  }),
}));
vi.mock('./api/open-organization', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api/open-organization')>()),
  useOpenOrganization: () => ({ mutate, isPending: false, variables: undefined }),
}));

describe('opening an organisation from the list', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
    calls.length = 0;
  });

  it("the organisation's name opens it", () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <OrganizationsPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const name = screen.getByRole('button', { name: 'Open Letaba Citrus Estates' });
    expect(name.textContent).toBe('Letaba Citrus Estates');
    fireEvent.click(name);
    expect(mutate).toHaveBeenCalledWith({ id: 7, name: 'Letaba Citrus Estates' });
  });

  it('joins when needed, asks for the user\'s organisations again, then switches to it', async () => {
    expect(await openOrganization(7)).toBe('/dashboard');
    expect(calls).toEqual(['POST /api/organizations/7/open', expect.stringMatching(/^fetch .*organizations/), 'switch 7']);
  });
});
