/**
 * The hamburger sidebar closes on Escape, except an Escape pressed while the organisation list in it
 * is open: that one closes the list only, also while the list is still opening (its onShow comes
 * only after the opening transition).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import { i18n } from '../../../lib/i18n-core';
import { loadAllTexts } from '../../../lib/load-all-texts';
import { MobileMenu } from './mobile-menu';

vi.mock('../../../lib/session/use-session-context', () => ({
  useSessionContext: () => ({
    organizations: [
      { id: 1, name: 'Citrus Valley Growers' },
      { id: 2, name: 'Sundays River Packers' },
    ],
    organizationId: 1,
  }),
}));
vi.mock('../api/switch-organization', () => ({ useSwitchOrganization: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('../api/use-logout', () => ({ useLogout: () => vi.fn() }));
vi.mock('./settings-menu', () => ({ useSettingsActions: () => [] }));

const escapeIn = (el: Element) => fireEvent.keyDown(el, { key: 'Escape', code: 'Escape' });

describe('hamburger sidebar', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
  });

  it('an Escape while the organisation list is open closes the list only, from the moment the list shows; the next closes the sidebar', async () => {
    const onHide = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <MobileMenu id="menu" visible onHide={onHide} menu={[]} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const input = screen.getByLabelText(en.shell.organization, { selector: 'input' });
    // opened, and the Escape comes at once: before the list's opening transition has ended
    fireEvent.click(document.querySelector('.organization-dropdown .p-dropdown-trigger') as Element);
    expect(document.querySelector('.organization-panel')).not.toBeNull();
    escapeIn(input);
    expect(onHide).not.toHaveBeenCalled();

    // that Escape closed the list; the next one is the sidebar's
    await waitFor(() => expect(document.querySelector('.organization-panel')).toBeNull());
    escapeIn(input);
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
