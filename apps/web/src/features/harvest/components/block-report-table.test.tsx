import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  blockReportRow,
  blockReportTotals,
  formatFigure,
  type BlockReportPage,
  type BlockReportRow,
} from '@orchard/shared/harvest';
import { en } from '@orchard/shared/i18n';
import '../../../lib/i18n';
import { ApiError } from '../../../lib/api-error';
import { harvestKeys } from '../api/keys';
import type { ReportRow } from '../block-row-edit';
import { BlockReportTable } from './block-report-table';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

function reportRow(wire: Partial<BlockReportRow> & { production_Block: number }): ReportRow {
  const figures = blockReportRow({
    puc: 'C1001',
    citrii_Block: `B${wire.production_Block}`,
    citrii_Block_Id: wire.production_Block,
    variety: 'Navel',
    ha: 2,
    not_Tipped: 0,
    tipped: 40,
    tipped_Kgs: 16_000,
    tonnes_Per_Ha: 40,
    tonnes_Per_Ha_Adjusted: 45,
    version: 7,
    ...wire,
  });
  return { ...figures, production_Block_Code: `P${wire.production_Block}`, daff: 'D-1' };
}

const rows = [reportRow({ production_Block: 5 }), reportRow({ production_Block: 6, citrii_Block: null, citrii_Block_Id: null })];
const data: BlockReportPage = {
  season: 2026,
  puc: { id: 1, puc_Name: 'C1001', farm: 1, farm_Name: 'Kransvlei', label: 'Kransvlei - C1001' },
  rows,
  totals: blockReportTotals(rows),
};
const h = en.harvest;
const key = harvestKeys.blockReport(null, 1);

function setup(mayEdit = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(key, data);
  const Table = () => {
    const page = client.getQueryData<BlockReportPage>(key);
    return <BlockReportTable page={page} loading={false} culture="en-ZA" variant="report" mayEdit={mayEdit} ariaLabel="report" />;
  };
  const view = render(
    <QueryClientProvider client={client}>
      <Table />
    </QueryClientProvider>,
  );
  // re-render the table from the cache after it changes, as useQuery would
  const unsubscribe = client.getQueryCache().subscribe(() =>
    view.rerender(
      <QueryClientProvider client={client}>
        <Table />
      </QueryClientProvider>,
    ),
  );
  return { client, unsubscribe };
}

const rowOf = (block: string) => screen.getByText(block, { exact: true }).closest('tr') as HTMLElement;
const input = () => screen.getByLabelText(h.adjustedInput.replace('{{block}}', 'B5')) as HTMLInputElement;

async function typeValue(value: string) {
  const el = input();
  await act(async () => {
    fireEvent.focus(el);
    fireEvent.input(el, { target: { value } });
    fireEvent.blur(el);
  });
}

describe('BlockReportTable row edit', () => {
  beforeEach(() => {
    apiRequest.mockReset();
  });
  afterEach(cleanup);

  it('offers edit only on linked rows, and only with the permission', () => {
    setup();
    expect(within(rowOf('B5')).getByRole('button', { name: h.editRow.replace('{{block}}', 'B5') })).toBeTruthy();
    const unlinked = rowOf('P6');
    expect(unlinked.className).toContain('harvest-row-unlinked');
    expect(within(unlinked).getByText(h.unlinked)).toBeTruthy();
    expect(within(unlinked).queryByRole('button', { name: /^Edit/ })).toBeNull();
    cleanup();
    setup(false);
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('refuses 400.01 with the rule message without calling the server; cancel restores the row', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: h.editRow.replace('{{block}}', 'B5') }));
    await typeValue('400.01');
    fireEvent.click(screen.getByRole('button', { name: h.saveRow.replace('{{block}}', 'B5') }));
    expect(await screen.findByText(h.adjustedRange)).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: h.cancelRow.replace('{{block}}', 'B5') }));
    expect(screen.queryByLabelText(h.adjustedInput.replace('{{block}}', 'B5'))).toBeNull();
    expect(within(rowOf('B5')).getByText(formatFigure(45, 'en-ZA'))).toBeTruthy();
  });

  it('saves and recomputes the row and totals locally, with no fetch of the report', async () => {
    const { client, unsubscribe } = setup();
    apiRequest.mockResolvedValue({ ...rows[0], version: 8 });
    const fetches = vi.spyOn(client, 'fetchQuery');
    fireEvent.click(screen.getByRole('button', { name: h.editRow.replace('{{block}}', 'B5') }));
    await typeValue('50');
    fireEvent.click(screen.getByRole('button', { name: h.saveRow.replace('{{block}}', 'B5') }));
    await waitFor(() => expect(apiRequest).toHaveBeenCalledTimes(1));
    expect(apiRequest.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      body: { production_Block: 5, ha: 2, tonnes_Per_Ha: 50, version: 7 },
    });
    await waitFor(() => expect(client.getQueryData<BlockReportPage>(key)?.rows[0]?.tonnes_Per_Ha_Adjusted).toBe(50));
    const page = client.getQueryData<BlockReportPage>(key) as BlockReportPage;
    expect(page.rows[0]).toMatchObject({ adjustedEstimate: 100, remaining_Tonnes: 84, percentage_Complete: 16, version: 8 });
    expect(page.totals).toEqual(blockReportTotals(page.rows));
    expect(page.totals.adjustedEstimate).toBe(190);
    expect(fetches).not.toHaveBeenCalled();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it.each(['-1', '1-', '4OO', '1.2.3', ''])('%j stays as typed, shows the rule and saves nothing', async (typed) => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: h.editRow.replace('{{block}}', 'B5') }));
    await typeValue(typed);
    expect(input().value).toBe(typed);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(await screen.findByText(h.adjustedRange)).toBeTruthy();
    expect(input().value).toBe(typed);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('a 412 shows the conflict message and keeps the typed value', async () => {
    setup();
    apiRequest.mockRejectedValue(new ApiError({ status: 412, code: 'PRECONDITION_FAILED', message: h.estimateConflict }));
    fireEvent.click(screen.getByRole('button', { name: h.editRow.replace('{{block}}', 'B5') }));
    await typeValue('42.75');
    fireEvent.click(screen.getByRole('button', { name: h.saveRow.replace('{{block}}', 'B5') }));
    expect(await screen.findByText(h.estimateConflict)).toBeTruthy();
    expect(input().value).toBe('42.75');
  });
});
