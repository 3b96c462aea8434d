/**
 * The organisation list in the hamburger sidebar: an Escape while the list is open closes the list
 * only. The sidebar closes on an Escape that reaches the document (PrimeReact's handler), so the
 * switcher must keep it from there whenever its list is open, also while the list is still opening.
 */
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n-core';
import { loadAllTexts } from '../../../lib/load-all-texts';
import { OrganizationSwitcher } from './organization-switcher';

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

const escapeIn = (el: Element) => fireEvent.keyDown(el, { key: 'Escape', code: 'Escape' });

describe('organisation switcher', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
  });

  it('keeps an Escape to itself while its list is open, from the moment the list shows; with the list closed the Escape goes on', async () => {
    const reachedSidebar = vi.fn();
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <div onKeyDown={reachedSidebar}>
          <OrganizationSwitcher />
        </div>
      </I18nextProvider>,
    );
    const input = container.querySelector('.organization-dropdown input') as HTMLInputElement;
    // opened, and the Escape comes at once: before the list's opening transition has ended
    fireEvent.click(container.querySelector('.p-dropdown-trigger') as Element);
    expect(document.querySelector('.organization-panel')).not.toBeNull();
    escapeIn(input);
    expect(reachedSidebar).not.toHaveBeenCalled();

    // that Escape closed the list; the next one is the sidebar's
    await waitFor(() => expect(document.querySelector('.organization-panel')).toBeNull());
    escapeIn(input);
    expect(reachedSidebar).toHaveBeenCalledTimes(1);
  });
});
