import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FARM_SETUP_MESSAGES, FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { en } from '@orchard/shared/i18n';
import '../../../lib/i18n';
import { ApiError } from '../../../lib/api-error';
import { sessionStore } from '../../../lib/session/session-store';
import { LegalEntitiesTab } from './legal-entities-tab';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const fs = en.farmSetup;
/** a busy machine renders the table slowly */
const slow = { timeout: 10_000 };
let rows: { id: number; name: string; version: number }[] = [];

function setup() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LegalEntitiesTab />
    </QueryClientProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');
const nameInput = () => within(dialog()).getByLabelText(fs.fields.name) as HTMLInputElement;
const saveButton = () => within(dialog()).getByRole('button', { name: fs.save });

describe('Legal entities: editing a row someone else saved first', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ organizationId: 7 });
    rows = [{ id: 1, name: 'Alpha Trust', version: 1 }];
    apiRequest.mockReset();
    apiRequest.mockImplementation((path: string, options: { method?: string } = {}) => {
      if (!options.method && path === FARM_SETUP_PATHS.legalEntities) return Promise.resolve(rows.map((r) => ({ ...r })));
      return Promise.reject(new Error(`unexpected ${options.method} ${path}`));
    });
  });
  afterEach(cleanup);

  it('says so, reloads the list, and Reload puts the latest name and version in the form; the next save sends that version', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: fs.edit.replace('{{name}}', 'Alpha Trust') }, slow));
    fireEvent.change(nameInput(), { target: { value: 'Alpha Holdings' } });

    // someone else renamed it meanwhile: the save is refused as stale
    rows = [{ id: 1, name: 'Alpha Farming', version: 2 }];
    apiRequest.mockImplementationOnce(() =>
      Promise.reject(new ApiError({ status: 412, code: 'PRECONDITION_FAILED', message: FARM_SETUP_MESSAGES.stale, reason: 'farm-setup-stale' })),
    );
    fireEvent.click(saveButton());
    expect(await within(dialog()).findByText(fs.reasons.stale, {}, slow)).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('/api/farm-setup/legal-entities/1', expect.objectContaining({ method: 'PUT', body: { name: 'Alpha Holdings', version: 1 } }));
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(nameInput().value).toBe('Alpha Holdings');

    // the list is read again; Reload then loads the other person's row
    const reload = within(dialog()).getByRole('button', { name: fs.reload });
    await waitFor(() => expect(reload).toHaveProperty('disabled', false), slow);
    fireEvent.click(reload);
    expect(nameInput().value).toBe('Alpha Farming');
    expect(within(dialog()).queryByText(fs.reasons.stale)).toBeNull();

    apiRequest.mockImplementationOnce((_path: string, options: { body: unknown }) => Promise.resolve({ id: 1, ...(options.body as object), version: 3 }));
    fireEvent.change(nameInput(), { target: { value: 'Alpha Holdings' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(apiRequest).toHaveBeenCalledWith('/api/farm-setup/legal-entities/1', expect.objectContaining({ method: 'PUT', body: { name: 'Alpha Holdings', version: 2 } }));
  });

  it("shows the shared rule's message beside an empty name, and sends nothing", async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: fs.add.legalEntity }, slow));
    fireEvent.change(nameInput(), { target: { value: '  ' } });
    fireEvent.click(saveButton());
    expect(await within(dialog()).findByText(fs.reasons.legalEntityNameRequired, {}, slow)).toBeTruthy();
    expect(nameInput().getAttribute('aria-describedby')).toBe(within(dialog()).getByText(fs.reasons.legalEntityNameRequired).id);
    expect(apiRequest.mock.calls.filter(([, o]) => (o as { method?: string } | undefined)?.method)).toEqual([]);
  });
});
