import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvImportAnswer, csvImportAnswerSchema, type CsvImportAnswer, type CsvImportLine } from '@orchard/shared/core';
import { en } from '@orchard/shared/i18n';
import { ApiError } from '../lib/api-error';
import { csvImportTexts, type CsvUpload } from '../lib/csv-import';
import { i18n } from '../lib/i18n';
import { CsvImportPanel, stepProgress } from './csv-import-panel';

const success = vi.fn();
const failure = vi.fn();
const info = vi.fn();
vi.mock('../lib/toast', () => ({ toast: { success: (...a: unknown[]) => success(...a), error: (...a: unknown[]) => failure(...a), info: (...a: unknown[]) => info(...a) } }));

const t = i18n.t.bind(i18n) as TFunction;
const fi = en.fieldCapture.import;
/** a busy machine renders the table slowly */
const slow = { timeout: 10_000 };

const line = (at: number, block: string, status: CsvImportLine['status'], problems: CsvImportLine['problems'] = []): CsvImportLine => ({
  line: at,
  cells: { farm: 'Kransvlei', block },
  status,
  id: null,
  problems,
});
/** the answer as the client reads it: through the one answer schema of every import */
const answerOf = (lines: CsvImportLine[], committed = false) => csvImportAnswerSchema.parse(csvImportAnswer(lines, committed));
const refusedFile = [line(2, 'A1', 'created'), line(3, 'Nope', 'refused', [{ field: 'block', message: 'No block with this name', reason: 'field-import-unknown-block' }])];
const cleanFile = [line(2, 'A1', 'created'), line(3, 'A2', 'existing')];

function setup(upload: (input: CsvUpload) => Promise<CsvImportAnswer>, onWritten = vi.fn()) {
  const texts = csvImportTexts(t, 'fieldCapture.import', { hint: 'Columns: farm, block', rowsPerPage: 'Rows per page', pageReport: '{first} to {last}' }, 'phenology');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CsvImportPanel
        id="test-import"
        texts={texts}
        templateCsv={'farm,block\r\nKransvlei,A1\r\n'}
        maxBytes={1024 * 1024}
        upload={upload}
        columns={[
          { header: 'Farm', body: (l) => l.cells.farm },
          { header: 'Block', body: (l) => l.cells.block },
        ]}
        summary={(a) => `${a.created} new, ${a.existing} before, ${a.refused} refused`}
        imported={(a) => ({ summary: fi.imported, detail: `${a.created} new` })}
        onWritten={onWritten}
      />
    </QueryClientProvider>,
  );
  return onWritten;
}

const choose = (name = 'captures.csv') => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['farm,block\nKransvlei,A1\n'], name, { type: 'text/csv' })] } });
};
const importButton = () => screen.getByRole('button', { name: fi.import }) as HTMLButtonElement;
const previewRows = async () => within(await screen.findByRole('table', { name: fi.previewTable }, slow)).getAllByRole('row').slice(1);

describe('the one CSV import panel', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('previews a chosen file line by line and keeps Import off while a line is refused', async () => {
    const upload = vi.fn((input: CsvUpload) => Promise.resolve(answerOf(input.file.name === 'bad.csv' ? refusedFile : cleanFile)));
    setup(upload);
    expect(importButton().disabled).toBe(true);
    choose('bad.csv');
    const rows = await previewRows();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0].mode).toBe('preview');
    expect(rows.map((r) => r.textContent)).toEqual([`2KransvleiA1${fi.statuses.created}`, `3KransvleiNope${fi.statuses.refused}block: No block with this name`]);
    expect(screen.getByRole('status').textContent).toBe('1 new, 0 before, 1 refused');
    expect(screen.getByText(fi.refusedHint)).toBeTruthy();
    expect(importButton().disabled).toBe(true);
  });

  it('commits only when Import is pressed, then says so and has the lists read again', async () => {
    const upload = vi.fn((input: CsvUpload) => Promise.resolve(answerOf(cleanFile, input.mode === 'commit')));
    const onWritten = setup(upload);
    choose();
    expect((await previewRows()).map((r) => r.textContent)).toEqual([`2KransvleiA1${fi.statuses.created}`, `3KransvleiA2${fi.statuses.existing}`]);
    await waitFor(() => expect(importButton().disabled).toBe(false), slow);
    // the preview wrote nothing and nothing more was sent
    expect(upload.mock.calls.map(([input]) => input.mode)).toEqual(['preview']);
    expect(onWritten).not.toHaveBeenCalled();

    fireEvent.click(importButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith(fi.imported, '1 new'), slow);
    expect(upload.mock.calls.map(([input]) => input.mode)).toEqual(['preview', 'commit']);
    expect(upload.mock.calls[1]![0].file.name).toBe('captures.csv');
    expect(onWritten).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table', { name: fi.previewTable })).toBeNull();
  });

  it('a refused commit lists its lines and writes nothing; a refused file says why', async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The file has refused lines; nothing was imported',
      details: [{ field: 'line 3: block', message: 'No block with this name', reason: 'field-import-unknown-block' }],
    });
    const upload = vi.fn((input: CsvUpload) => (input.mode === 'preview' ? Promise.resolve(answerOf(cleanFile)) : Promise.reject(refusal)));
    const onWritten = setup(upload);
    choose();
    await previewRows();
    await waitFor(() => expect(importButton().disabled).toBe(false), slow);
    fireEvent.click(importButton());
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('line 3: block: No block with this name');
    expect(failure).toHaveBeenCalledWith(fi.notImported, 'line 3: block: No block with this name');
    expect(onWritten).not.toHaveBeenCalled();
    expect(importButton().disabled).toBe(true);
  });

  it('a preview that cancels leaves nothing to import', async () => {
    const upload = vi.fn(() => Promise.reject(new DOMException('stopped', 'AbortError')));
    setup(upload);
    choose();
    await waitFor(() => expect(info).toHaveBeenCalledWith(fi.cancelled, fi.cancelledDetail), slow);
    expect(screen.queryByText(fi.file.replace('{{name}}', 'captures.csv'))).toBeNull();
    expect(importButton().disabled).toBe(true);
  });
});

describe('the progress of an upload', () => {
  const bins = en.harvest.import;
  const rowsText = (step: { phase: string; processed: number; total: number }) => t(`harvest.import.${step.phase}Rows`, { processed: step.processed, total: step.total });
  const words = { t, culture: 'en-US', checking: bins.checking, rowsText };

  it('says the bytes sent, then that the server checks the file, then the rows it checked and wrote', () => {
    expect(stepProgress({ phase: 'sending', processed: 2_500, total: 10_000 }, words)).toEqual({ percent: 25, text: '25% sent (2.5 kB of 10 kB)' });
    expect(stepProgress({ phase: 'sending', processed: 10_000, total: 10_000 }, words)).toEqual({ percent: null, text: bins.checking });
    expect(stepProgress({ phase: 'checking', processed: 2_500, total: 10_000 }, words)).toEqual({ percent: 25, text: 'Checking rows 2500 of 10000' });
    expect(stepProgress({ phase: 'importing', processed: 999, total: 1_000 }, words)).toEqual({ percent: 99, text: 'Importing rows 999 of 1000' });
    // an import that tells no rows keeps saying that the server checks the file
    expect(stepProgress({ phase: 'checking', processed: 0, total: 0 }, { ...words, rowsText: undefined })).toEqual({ percent: 0, text: bins.checking });
  });
});
