import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, type Permission } from '@orchard/shared/core';
import { en } from '@orchard/shared/i18n';
import { SETUP_STEPS, type SetupStep } from '@orchard/shared/setup-checklist';
import { paths } from '../../../config/paths';
import { i18n } from '../../../lib/i18n-core';
import { loadAllTexts } from '../../../lib/load-all-texts';
import { SetupChecklist } from './setup-checklist';

const leaf = (url: string) => ({ id: url, displayName: url, icon: null, url, hasSubItems: false, items: [] as [] });
const state = vi.hoisted(() => ({
  permissions: new Set<string>(),
  menu: [] as { id: string; displayName: string; icon: null; url: string | null; hasSubItems: boolean; items: [] }[],
  answer: { data: undefined as undefined | { steps: { step: string; done: boolean }[] }, error: null as unknown },
  asked: [] as boolean[],
}));
vi.mock('../../../lib/session/use-session-context', () => ({
  useSessionContext: () => ({ menu: state.menu, hasPermission: (p: string) => state.permissions.has(p) }),
}));
vi.mock('../api/get-checklist', () => ({
  useSetupChecklist: (enabled: boolean) => {
    state.asked.push(enabled);
    return state.answer;
  },
}));

const c = en.setupChecklist;
const stepsDone = (done: readonly SetupStep[]) => ({ steps: SETUP_STEPS.map((step) => ({ step, done: done.includes(step) })) });
const show = () =>
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <SetupChecklist />
      </I18nextProvider>
    </MemoryRouter>,
  );
const given = (permissions: Permission[], menu: string[], done: readonly SetupStep[]) => {
  state.permissions = new Set(permissions);
  state.menu = menu.map(leaf);
  state.answer = { data: stepsDone(done), error: null };
};

describe('setup checklist', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
    state.asked = [];
  });

  it('lists every step in order, the done ones marked, the open ones linking to their screen', () => {
    given([PERMISSIONS.managementFarmSetup, PERMISSIONS.managementPackhouses, PERMISSIONS.pickingEdit], [paths.managementFarmSetup, paths.managementPackhouses, paths.pickingSchedulePuc], [
      'legalEntity',
      'farms',
    ]);
    show();
    const section = screen.getByRole('region', { name: c.heading });
    expect(within(section).getByText('2 of 8 steps done')).toBeTruthy();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-step'))).toEqual([...SETUP_STEPS]);
    expect(within(items[0]!).getByText(c.done)).toBeTruthy();
    expect(within(items[0]!).queryByRole('link')).toBeNull();
    expect(within(items[2]!).getByRole('link', { name: c.steps.pucs.action }).getAttribute('href')).toBe(`${paths.managementFarmSetup}#pucs`);
    expect(within(items[4]!).getByRole('link', { name: c.steps.packhouses.action }).getAttribute('href')).toBe(paths.managementPackhouses);
    expect(within(items[7]!).getByRole('link', { name: c.steps.pickingRows.action }).getAttribute('href')).toBe(paths.pickingSchedulePuc);
    // a step the user may not take names no link: someone else does it
    expect(within(items[6]!).queryByRole('link')).toBeNull();
    expect(within(items[6]!).getByText(c.askSomeoneElse)).toBeTruthy();
  });

  it('links a step only where the menu holds its screen, and Users through Settings', () => {
    given([PERMISSIONS.managementFarmSetup, PERMISSIONS.usersAssignFarms], [], []);
    show();
    expect(screen.queryByRole('link', { name: c.steps.farms.action })).toBeNull();
    expect(screen.getByRole('link', { name: c.steps.userFarms.action }).getAttribute('href')).toBe(paths.settingsUsers);
  });

  it('is gone once every step is done, and never asked by a member who may take no step', () => {
    given([PERMISSIONS.managementFarmSetup], [paths.managementFarmSetup], SETUP_STEPS);
    show();
    expect(screen.queryByRole('region', { name: c.heading })).toBeNull();
    cleanup();
    given([PERMISSIONS.harvestReports], [paths.harvestPucReport], []);
    state.asked = [];
    show();
    expect(screen.queryByRole('region', { name: c.heading })).toBeNull();
    expect(state.asked.every((enabled) => !enabled)).toBe(true);
  });
});
