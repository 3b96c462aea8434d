import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import { type FarmInputCheckRow } from '@orchard/shared/input-checks';
import { i18n } from '../lib/i18n-core';
import { loadAllTexts } from '../lib/load-all-texts';
import { compactInputCheckRow } from './input-check-details';
import { InputChecksTable } from './input-checks-table';

const success = vi.fn();
const failure = vi.fn();
vi.mock('../lib/toast', () => ({ toast: { success: (...a: unknown[]) => success(...a), error: (...a: unknown[]) => failure(...a), info: vi.fn() } }));

const ic = en.inputChecks;
const rows: FarmInputCheckRow[] = [
  {
    farm: 'Rietfontein',
    tensioLast: 20,
    tensioOldest: 26,
    tensioOldestId: 11,
    tensioOldestIds: ['R3', 'R1'],
    waterAppliedLast: 20,
    waterAppliedOldest: 26,
    waterAppliedOldestId: 11,
    waterAppliedOldestIds: ['R3'],
    phenoLast: 1,
    phenoOldest: 8,
    phenoOldestId: 12,
    phenoOldestIds: ['R2'],
    scoutingLast: 0,
    scoutingOldest: 2,
    scoutingOldestId: 12,
    scoutingOldestIds: ['R2'],
  },
  {
    farm: 'Letsitele Vallei',
    tensioLast: 1,
    tensioOldest: 5,
    tensioOldestId: 21,
    tensioOldestIds: ['L1'],
    waterAppliedLast: 1,
    waterAppliedOldest: 5,
    waterAppliedOldestId: 21,
    waterAppliedOldestIds: ['L1'],
    phenoLast: null,
    phenoOldest: null,
    phenoOldestId: 21,
    phenoOldestIds: ['L1', 'L2'],
    scoutingLast: 1,
    scoutingOldest: 1,
    scoutingOldestId: 22,
    scoutingOldestIds: ['L2'],
  },
];

const show = (ui: React.ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
const dialog = () => screen.getByRole('dialog');
/** the dialog's own buttons (its header also has a close icon named Close) */
const footer = () => dialog().querySelector('.p-dialog-footer') as HTMLElement;
const clipboard = (writeText: (text: string) => Promise<void>) => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

describe('InputChecksTable', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
    success.mockReset();
    failure.mockReset();
  });

  it('groups Last and Oldest under each kind; ages read as text, coloured by their strength', () => {
    const { container } = show(<InputChecksTable rows={rows} answered />);
    const headers = [...container.querySelectorAll('thead tr')].map((tr) => [...tr.querySelectorAll('th')].map((th) => th.textContent?.trim()));
    expect(headers).toEqual([
      [ic.farm, 'Tensio', 'Water Applied', 'Pheno', 'Scouting'],
      [ic.last, ic.oldest, ic.last, ic.oldest, ic.last, ic.oldest, ic.last, ic.oldest],
    ]);
    const cells = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()));
    expect(cells).toEqual([
      ['Rietfontein', '20 days', '26 days', '20 days', '26 days', '1 day', '8 days', '0 days', '2 days'],
      ['Letsitele Vallei', '1 day', '5 days', '1 day', '5 days', 'No Data', 'No Data', '1 day', '1 day'],
    ]);
    const strength = (label: string) => (screen.getByRole('button', { name: label }) as HTMLElement).style.getPropertyValue('--input-check-age');
    expect(strength('Tensio Oldest of Rietfontein: 26 days, show the blocks')).toBe('1');
    expect(strength('Pheno Oldest of Rietfontein: 8 days, show the blocks')).toBe(String(5 / 11));
    expect(strength('Scouting Oldest of Rietfontein: 2 days, show the blocks')).toBe('0');
    expect(strength('Pheno Oldest of Letsitele Vallei: No Data, show the blocks')).toBe('1');
  });

  it('an Oldest cell opens the dialog: the description, the blocks, Copy details and Close', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    clipboard(writeText);
    show(<InputChecksTable rows={rows} answered />);
    fireEvent.click(screen.getByRole('button', { name: 'Tensio Oldest of Rietfontein: 26 days, show the blocks' }));
    expect(within(dialog()).getByText('The following Tensio blocks are 26 days out of date:')).toBeTruthy();
    expect(within(dialog()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['R3', 'R1']);
    fireEvent.click(within(footer()).getByRole('button', { name: ic.copyDetails }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ic.copied, ic.copiedDetail));
    expect(writeText).toHaveBeenCalledWith('The following Tensio blocks are 26 days out of date:\nR3\nR1');
    fireEvent.click(within(footer()).getByRole('button', { name: ic.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('No Data: "No Data is available." with the blocks; a refused clipboard says so', async () => {
    clipboard(() => Promise.reject(new Error('denied')));
    show(<InputChecksTable rows={rows} answered />);
    fireEvent.click(screen.getByRole('button', { name: 'Pheno Oldest of Letsitele Vallei: No Data, show the blocks' }));
    expect(within(dialog()).getByText('No Data is available.')).toBeTruthy();
    expect(within(dialog()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['L1', 'L2']);
    fireEvent.click(within(footer()).getByRole('button', { name: ic.copyDetails }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith(ic.copyFailed, ic.copyFailedDetail));
    expect(success).not.toHaveBeenCalled();
  });

  it('sorts by an Oldest column: No Data is the oldest', () => {
    const { container } = show(<InputChecksTable rows={rows} answered />);
    const farms = () => [...container.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);
    const phenoOldest = container.querySelectorAll('thead tr:nth-child(2) th')[5] as HTMLElement;
    fireEvent.click(phenoOldest);
    expect(phenoOldest.getAttribute('aria-sort')).toBe('ascending');
    expect(farms()).toEqual(['Rietfontein', 'Letsitele Vallei']);
    fireEvent.click(phenoOldest);
    expect(farms()).toEqual(['Letsitele Vallei', 'Rietfontein']);
  });

  it('compact: the farm with Scouting Last and Oldest only, 200px high', () => {
    const { container } = show(<InputChecksTable compact rows={[compactInputCheckRow({ farmName: 'Rooikrans', last: 4, oldest: null, oldestId: 3, oldestIds: ['K1'] })]} answered />);
    const headers = [...container.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual([ic.farm, 'Scouting', ic.last, ic.oldest]);
    expect([...container.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['Rooikrans', '4 days', 'No Data']);
    expect((container.querySelector('.p-datatable-wrapper') as HTMLElement).style.maxHeight).toBe('200px');
  });

  it('before the first answer: skeleton rows, not the empty text', () => {
    show(<InputChecksTable rows={[]} answered={false} />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText(ic.noData)).toBeNull();
  });
});
