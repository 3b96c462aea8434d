import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SetupFarmBlock, type SetupProductionBlock } from '@orchard/shared/farm-setup';
import { en } from '@orchard/shared/i18n';
import '../../../lib/i18n';
import { sessionStore } from '../../../lib/session/session-store';
import { BlockDialog } from './block-dialog';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const fs = en.farmSetup;
const slow = { timeout: 10_000 };
/** PUC 11 lies on farm 1, PUC 22 on farm 2 */
const PUC_FARM: Record<number, number> = { 11: 1, 22: 2 };
const farmBlocks: SetupFarmBlock[] = [
  { id: 101, farmId: 1, name: 'North A1', ha: 2, varietyId: 5, daffCode: null, version: 1 },
  { id: 202, farmId: 2, name: 'South B1', ha: 3, varietyId: 5, daffCode: null, version: 1 },
];
const block = (pucId: number, farmBlockId: number | null): SetupProductionBlock => ({
  id: 9,
  pucId,
  code: 'B01',
  name: 'Block one',
  ha: 2,
  varietyId: 5,
  plantingYear: null,
  farmBlockId,
  version: 4,
});

function setup(row: SetupProductionBlock) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BlockDialog
        row={row}
        current={row}
        pucs={[
          { label: 'C11', value: 11 },
          { label: 'C22', value: 22 },
        ]}
        varieties={[{ label: 'Navel (Oranges)', value: 5 }]}
        pucId={null}
        pucFarm={(id) => (id === null ? null : (PUC_FARM[id] ?? null))}
        farmBlocks={farmBlocks}
        onHide={() => undefined}
      />
    </QueryClientProvider>,
  );
}

/** the farm block dropdown's input: it holds the chosen block's name */
const farmBlockInput = () => within(screen.getByRole('dialog')).getByLabelText(fs.fields.farmBlock) as HTMLInputElement;
const sentBody = () => (apiRequest.mock.calls[0]![1] as { body: { farmBlockId: number | null; version: number } }).body;

describe('Production block dialog: the farm block link', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ organizationId: 7 });
    apiRequest.mockReset();
    apiRequest.mockImplementation((_path: string, options: { body: object }) => Promise.resolve({ ...block(11, null), ...options.body, version: 5 }));
  });
  afterEach(cleanup);

  it("shows the linked farm block on the PUC's farm and keeps the link on save", async () => {
    setup(block(11, 101));
    const dialog = screen.getByRole('dialog');
    expect(farmBlockInput().value).toBe('North A1');
    fireEvent.click(within(dialog).getByRole('button', { name: fs.save }));
    await waitFor(() => expect(apiRequest).toHaveBeenCalledTimes(1), slow);
    expect(apiRequest.mock.calls[0]![0]).toBe('/api/farm-setup/production-blocks/9');
    expect(sentBody()).toMatchObject({ farmBlockId: 101, version: 4 });
  });

  it("a link to a farm block on another farm than the PUC's is cleared, and the save sends none", async () => {
    setup(block(22, 101));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(farmBlockInput().value).not.toBe('North A1'), slow);
    expect(within(dialog).getAllByText(fs.noFarmBlock).length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: fs.save }));
    await waitFor(() => expect(apiRequest).toHaveBeenCalledTimes(1), slow);
    expect(sentBody()).toMatchObject({ farmBlockId: null, version: 4 });
  });
});
