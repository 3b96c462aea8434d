import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FieldPage } from '@orchard/shared/field-capture';
import { en } from '@orchard/shared/i18n';
import { ApiError, NETWORK_ERROR_CODE } from '../lib/api-error';
import { createFormatters } from '../lib/format';
import { i18n } from '../lib/i18n-core';
import { loadAllTexts } from '../lib/load-all-texts';
import { RecordsList, useRecordsPaging, type RecordColumn, type RecordKind, type RecordsListProps, type RecordsPaging } from './records-list';

const success = vi.fn();
const failure = vi.fn();
vi.mock('../lib/toast', () => ({ toast: { success: (...a: unknown[]) => success(...a), error: (...a: unknown[]) => failure(...a), info: vi.fn() } }));
const formatters = createFormatters('en-ZA');
vi.mock('../lib/use-formatters', () => ({ useFormatters: () => formatters }));

interface Row {
  id: number;
  capturedByName: string | null;
  version: number;
  name: string;
  count: number;
}

const any = { safeParse: () => ({ success: true as const }) };
const KIND: RecordKind<Row> = {
  key: 'things',
  pageSchema: { parse: (d) => d as FieldPage<Row> },
  createSchema: any,
  updateSchema: any,
  texts: { form: 'packhouseReadings.waxForm', list: 'packhouseReadings.waxList', caption: 'packhouseReadings.waxCaption', saved: 'packhouseReadings.waxSaved' },
  columns: [
    { header: 'packhouseReadings.name', body: (row) => row.name },
    { header: 'packhouseReadings.readingCount', body: (row, format) => format.number(row.count), className: 'num' },
  ],
};
const ROWS: Row[] = [
  { id: 1, capturedByName: 'Ann Smith', version: 1, name: 'Line one', count: 1200 },
  { id: 2, capturedByName: null, version: 3, name: 'Line two', count: 7 },
];

type Options = Partial<Pick<RecordsListProps<Row>, 'ns' | 'heading' | 'canCapture' | 'offlineText' | 'leadingColumns'>> & {
  error?: unknown;
  mutate?: RecordsListProps<Row>['remove']['mutate'];
  seen?: (paging: RecordsPaging) => void;
};

function Harness({ ns = 'packhouseReadings', heading = 'h3', canCapture = true, offlineText, leadingColumns, error = null, mutate = vi.fn(), seen, onEdit, onDeleted }: Options & { onEdit: (row: Row) => void; onDeleted: (row: Row) => void }) {
  const paging = useRecordsPaging(ns, KIND.texts.caption, [20, 50, 100], 20);
  seen?.(paging);
  return (
    <>
      <RecordsList
        kind={KIND}
        ns={ns}
        heading={heading}
        leadingColumns={leadingColumns}
        filters={<input aria-label="A filter" />}
        paging={paging}
        list={{ data: { rows: ROWS, totalRecords: 2, page: 1, pageSize: 20 }, error, isFetching: false, isError: error !== null }}
        remove={{ mutate, isPending: false }}
        rowName={(row) => row.name}
        offlineText={offlineText}
        canCapture={canCapture}
        onEdit={onEdit}
        onDeleted={onDeleted}
      />
      <ConfirmDialog />
    </>
  );
}

function show(options: Options = {}) {
  const onEdit = vi.fn();
  const onDeleted = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Harness {...options} onEdit={onEdit} onDeleted={onDeleted} />
    </I18nextProvider>,
  );
  return { ...view, onEdit, onDeleted };
}

const pr = en.packhouseReadings;
const fc = en.fieldCapture;
const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
const cells = (container: HTMLElement) => [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()));

describe('RecordsList', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
    success.mockReset();
    failure.mockReset();
  });

  it('shows the heading, the filters and a named table: the kind\'s columns, who captured and the actions', () => {
    const { container } = show();
    const section = screen.getByRole('region', { name: pr.waxList });
    expect(within(section).getByRole('heading', { level: 3, name: pr.waxList })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: pr.filters })).getByRole('textbox', { name: 'A filter' })).toBeTruthy();
    expect(screen.getByRole('table', { name: pr.waxCaption })).toBeTruthy();
    expect(headers(container)).toEqual([pr.name, pr.readingCount, pr.capturedBy, pr.actions]);
    expect(cells(container)).toEqual([
      ['Line one', formatters.number(1200), 'Ann Smith', ''],
      ['Line two', '7', '', ''],
    ]);
    expect(container.querySelector('tbody td.num')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Line one' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Line two' })).toBeTruthy();
  });

  it('hides the actions from those who do not capture, and puts the leading columns first', () => {
    const leading: RecordColumn<Row>[] = [{ header: 'fieldCapture.block', body: (row) => `Farm - ${row.id}` }];
    const { container } = show({ ns: 'fieldCapture', heading: 'h2', canCapture: false, leadingColumns: leading });
    expect(screen.getByRole('heading', { level: 2, name: pr.waxList })).toBeTruthy();
    expect(headers(container)).toEqual([fc.block, pr.name, pr.readingCount, fc.capturedBy]);
    expect(cells(container)[0]![0]).toBe('Farm - 1');
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });

  it('pages on the server: 20, 50 or 100 rows, the page report, the page asked for', () => {
    const pages: RecordsPaging['page'][] = [];
    show({ seen: (p) => pages.push(p.page) });
    expect(pages.at(-1)).toEqual({ page: 1, pageSize: 20 });
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
    expect(screen.getAllByLabelText(pr.rowsPerPage).length).toBeGreaterThan(0);
  });

  it('shows why the list did not load', () => {
    show({ error: new ApiError({ status: 500, code: 'INTERNAL', message: 'The server failed' }) });
    expect(screen.getByText('The server failed')).toBeTruthy();
  });

  it('deletes a row after a confirm that focuses No, then says so', async () => {
    const mutate = vi.fn<RecordsListProps<Row>['remove']['mutate']>((_id, options) => options.onSuccess());
    const { onDeleted } = show({ mutate });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Line two' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(pr.deleteHeader)).toBeTruthy();
    expect(within(dialog).getByText('Delete Line two?')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: pr.no })));
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: pr.yes }));
    expect(mutate).toHaveBeenCalledWith(2, expect.anything());
    expect(success).toHaveBeenCalledWith(pr.success, pr.deleted);
    expect(onDeleted).toHaveBeenCalledWith(ROWS[1]);
  });

  it('says a refused delete in the screen\'s words: its own text when there was no network', async () => {
    const offline = new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Failed to fetch' });
    const mutate = vi.fn<RecordsListProps<Row>['remove']['mutate']>((_id, options) => options.onError(offline));
    const { onDeleted } = show({ ns: 'fieldCapture', mutate, offlineText: fc.editNeedsNetwork });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Line one' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fc.yes }));
    expect(failure).toHaveBeenCalledWith(fc.error, fc.editNeedsNetwork);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('says the error itself where the screen has no words for a missing network', async () => {
    const offline = new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Failed to fetch' });
    show({ mutate: (_id, options) => options.onError(offline) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Line one' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: pr.yes }));
    expect(failure).toHaveBeenCalledWith(pr.error, 'Failed to fetch');
  });

  it('opens a row for editing', () => {
    const { onEdit } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Line one' }));
    expect(onEdit).toHaveBeenCalledWith(ROWS[0]);
  });
});
