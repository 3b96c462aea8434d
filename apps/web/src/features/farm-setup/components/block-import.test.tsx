import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvImportAnswer, type CsvImportLine } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES, FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { en } from '@orchard/shared/i18n';
import '../../../lib/i18n';
import { sessionStore } from '../../../lib/session/session-store';
import { BlocksTab } from './blocks-tab';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const success = vi.fn();
vi.mock('../../../lib/toast', () => ({ toast: { success: (...a: unknown[]) => success(...a), error: vi.fn(), info: vi.fn() } }));

const fs = en.farmSetup;
/** a busy machine renders the table slowly */
const slow = { timeout: 10_000 };
const IMPORTS = FARM_SETUP_PATHS.productionBlockImports;

const line = (at: number, code: string, status: CsvImportLine['status'], problems: CsvImportLine['problems'] = []): CsvImportLine => ({
  line: at,
  cells: { puc: 'C1', code, name: `Block ${code}`, ha: '2', variety: 'Navel', planting_year: '' },
  status,
  id: status === 'changed' ? 7 : null,
  problems,
});
let lines: CsvImportLine[] = [];
const sent = () => apiRequest.mock.calls.filter(([path]) => String(path).startsWith(IMPORTS)).map(([path]) => String(path));
const listReads = () => apiRequest.mock.calls.filter(([path, options]) => path === FARM_SETUP_PATHS.productionBlocks && !options?.method).length;

function setup() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BlocksTab />
    </QueryClientProvider>,
  );
}

const choose = () => {
  const input = document.querySelector('.farm-setup-import input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['puc,code,name,ha,variety\nC1,B1,North,2,Navel\n'], 'blocks.csv', { type: 'text/csv' })] } });
};
const importButton = () => screen.getByRole('button', { name: fs.import.import }) as HTMLButtonElement;

describe('Farm Setup: the production block CSV import', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ organizationId: 7 });
    apiRequest.mockReset();
    apiRequest.mockImplementation((path: string, options: { method?: string } = {}) => {
      if (!options.method) return Promise.resolve([]);
      if (path === `${IMPORTS}?mode=preview`) return Promise.resolve(csvImportAnswer(lines, false));
      if (path === `${IMPORTS}?mode=commit`) return Promise.resolve(csvImportAnswer(lines, true));
      return Promise.reject(new Error(`unexpected ${options.method} ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('previews the file (new, changed, unchanged, refused per line) and writes it only when Import is pressed', async () => {
    lines = [line(2, 'B1', 'created'), line(3, 'B2', 'changed'), line(4, 'B3', 'unchanged')];
    setup();
    choose();
    const table = await screen.findByRole('table', { name: fs.import.previewTable }, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([`2C1B1${fs.import.statuses.created}`, `3C1B2${fs.import.statuses.changed}`, `4C1B3${fs.import.statuses.unchanged}`]);
    expect(screen.getByRole('status').textContent).toBe(fs.import.summary.replace('{{created}}', '1').replace('{{changed}}', '1').replace('{{unchanged}}', '1').replace('{{refused}}', '0'));
    await waitFor(() => expect(importButton().disabled).toBe(false), slow);
    // the preview wrote nothing: no commit until the user says so
    expect(sent()).toEqual([`${IMPORTS}?mode=preview`]);
    const readsBefore = listReads();

    fireEvent.click(importButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith(fs.import.imported, fs.import.importedDetail.replace('{{created}}', '1').replace('{{changed}}', '1')), slow);
    expect(sent()).toEqual([`${IMPORTS}?mode=preview`, `${IMPORTS}?mode=commit`]);
    expect(apiRequest).toHaveBeenCalledWith(`${IMPORTS}?mode=commit`, expect.objectContaining({ method: 'POST', tenant: 7, body: expect.any(FormData) }));
    // the lists are read again
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore), slow);
  });

  it("shows a refused line's problems in the rule's words and keeps Import off", async () => {
    lines = [line(2, 'B1', 'created'), line(3, 'B2', 'refused', [{ field: 'puc', message: FARM_SETUP_MESSAGES.importUnknownPuc, reason: 'block-import-unknown-puc' }])];
    setup();
    choose();
    const table = await screen.findByRole('table', { name: fs.import.previewTable }, slow);
    expect(within(table).getAllByRole('row')[2]!.textContent).toBe(`3C1B2${fs.import.statuses.refused}puc: ${fs.reasons.importUnknownPuc}`);
    expect(screen.getByText(fs.import.refusedHint)).toBeTruthy();
    expect(importButton().disabled).toBe(true);
    expect(sent()).toEqual([`${IMPORTS}?mode=preview`]);
  });
});
