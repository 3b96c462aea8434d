/**
 * The settings actions offer Clear Cache to super users only: the caches are every organisation's,
 * so an organisation's permission (system.clearCache, held by every Administrator) does not offer it.
 */
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSIONS, PERMISSIONS } from '@orchard/shared/core';
import { en } from '@orchard/shared/i18n';
import { i18n } from '../../../lib/i18n-core';
import { loadAllTexts } from '../../../lib/load-all-texts';
import { useSettingsActions } from './settings-menu';

const session = vi.hoisted(() => ({ permissions: [] as string[], isSuperUser: false }));

vi.mock('../../../lib/session/use-session-context', () => ({
  useSessionContext: () => ({
    user: { isSuperUser: session.isSuperUser },
    hasPermission: (p: string | null | undefined) => !p || session.permissions.includes(p),
  }),
}));
vi.mock('../api/clear-cache', () => ({ useClearCache: () => ({ mutate: vi.fn() }) }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter>{children}</MemoryRouter>
  </I18nextProvider>
);

const labels = (permissions: readonly string[], isSuperUser: boolean) => {
  session.permissions = [...permissions];
  session.isSuperUser = isSuperUser;
  return renderHook(() => useSettingsActions(), { wrapper }).result.current.map((a) => a.label);
};

describe('settings actions', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
  });

  it('offers Clear Cache to a super user, whatever their permissions in the organisation', () => {
    expect(labels([], true)).toContain(en.shell.clearCache);
    expect(labels(ALL_PERMISSIONS, true)).toContain(en.shell.clearCache);
  });

  it("does not offer Clear Cache to anyone else, an organisation's Administrator holding system.clearCache included", () => {
    expect(labels([PERMISSIONS.systemClearCache], false)).not.toContain(en.shell.clearCache);
    expect(labels(ALL_PERMISSIONS, false)).toEqual([en.shell.profile, en.shell.settings]);
  });
});
