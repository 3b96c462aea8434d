/**
 * A CSV import, the same way for every file: Download Template, choose a file (previewed at once),
 * see every line (its cells, what the import would do, the problems of a refused line) with the
 * counts; Import writes the file only when no line is refused, all or nothing, and only when
 * pressed. While the file goes up a bar follows it beside Cancel (the bytes sent, then the rows the
 * server checks and writes, for an import that tells); leaving the screen stops it. The screen
 * gives the upload call, the texts and the columns a line shows.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { Tag } from 'primereact/tag';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TABLE_PAGE_SIZE,
  TABLE_PAGE_SIZE_OPTIONS,
  type CsvImportAnswer,
  type CsvImportLine,
  type CsvImportMode,
} from '@orchard/shared/core';
import type { TFunction } from 'i18next';
import {
  canImport,
  isCancelled,
  plainProblemText,
  refusalTexts,
  type CsvImportStep,
  type CsvImportTexts,
  type CsvUpload,
  type ProblemText,
} from '../lib/csv-import';
import { downloadBlob } from '../lib/download';
import { toast } from '../lib/toast';
import { useFormatters } from '../lib/use-formatters';
import { ProgressPanel, percentOf, sentText } from './progress-panel';
import { namedPaginatorTemplate } from './table-accessibility';
import './csv-import-panel.css';

/** A column of the preview, between the line's number and its status. */
export interface CsvImportColumn {
  header: string;
  body: (line: CsvImportLine) => ReactNode;
  /** e.g. a number column's alignment */
  className?: string;
}

/**
 * The bar and the text of a step: the share of the file sent, then (the file sent) `checking`
 * while the bar moves, or the server's rows checked and written in `rowsText`'s words.
 */
export function stepProgress(
  step: CsvImportStep,
  words: { t: TFunction; culture: string; checking: string; rowsText?: (step: CsvImportStep) => string },
): { percent: number | null; text: string } {
  if (step.phase === 'sending') {
    if (step.processed < step.total) return { percent: percentOf(step.processed, step.total), text: sentText(words.t, step.processed, step.total, words.culture) };
    return { percent: null, text: words.checking };
  }
  return { percent: percentOf(step.processed, step.total), text: words.rowsText?.(step) ?? words.checking };
}

export interface CsvImportPanelProps<A extends CsvImportAnswer> {
  /** id of the heading (the section's name) */
  id: string;
  texts: CsvImportTexts;
  templateCsv: string;
  maxBytes: number;
  upload: (input: CsvUpload) => Promise<A>;
  /** the line's own columns, between its number and its status */
  columns: CsvImportColumn[];
  summary: (answer: A) => string;
  /** after a commit: the toast's title and text */
  imported: (answer: A) => { summary: string; detail: string };
  /** a commit wrote (or, cancelled at its very end, may have written): lists read again */
  onWritten?: () => void;
  /** the text of the server's rows checked and written (an import that tells them) */
  rowsText?: (step: CsvImportStep) => string;
  problemText?: ProblemText;
  requestText?: (error: unknown) => string;
  className?: string;
  /** the preview table's least width (it scrolls inside itself when the screen is narrower) */
  tableMinWidth?: string;
  /** the heading stands elsewhere (e.g. a panel's header): the section is named by aria-label */
  hideHeading?: boolean;
}

export function CsvImportPanel<A extends CsvImportAnswer>(props: CsvImportPanelProps<A>) {
  const { id, texts, upload, problemText = plainProblemText, onWritten } = props;
  const { t } = useTranslation();
  const f = useFormatters();
  const mutation = useMutation({
    mutationFn: upload,
    onSuccess: (answer) => answer.committed && onWritten?.(),
    onError: (error, input) => input.mode === 'commit' && isCancelled(error) && onWritten?.(),
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<A | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [step, setStep] = useState<CsvImportStep | null>(null);
  const running = useRef<AbortController | null>(null);
  // leaving the screen stops an upload still running (a commit then writes nothing)
  useEffect(() => () => running.current?.abort(), []);
  const busy = mutation.isPending;

  const run = (chosen: File, mode: CsvImportMode, onSuccess: (answer: A) => void, onError: (e: unknown) => void) => {
    const controller = new AbortController();
    running.current = controller;
    setStep({ phase: 'sending', processed: 0, total: chosen.size });
    mutation.mutate(
      { file: chosen, mode, onStep: setStep, signal: controller.signal },
      {
        onSettled: () => {
          running.current = null;
          setStep(null);
        },
        onSuccess,
        onError: (e) => {
          if (!isCancelled(e)) return onError(e);
          toast.info(texts.cancelled, texts.cancelledDetail);
          // a cancelled preview leaves nothing to import; a cancelled import keeps its preview
          if (mode === 'preview') setFile(null);
        },
      },
    );
  };

  const choose = (event: FileUploadHandlerEvent) => {
    const chosen = event.files[0];
    event.options.clear();
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setRefusal(null);
    run(chosen, 'preview', setPreview, setRefusal);
  };

  const commit = () => {
    if (!file) return;
    run(
      file,
      'commit',
      (answer) => {
        const { summary, detail } = props.imported(answer);
        toast.success(summary, detail);
        setFile(null);
        setPreview(null);
      },
      (e) => {
        setRefusal(e);
        toast.error(texts.notImported, refusalTexts(e, problemText, props.requestText).join('\n'));
      },
    );
  };

  const template = () => downloadBlob(new Blob([props.templateCsv], { type: 'text/csv;charset=utf-8' }), texts.templateFile);
  const problems = refusalTexts(refusal, problemText, props.requestText);

  return (
    <section
      className={['csv-import', props.className].filter(Boolean).join(' ')}
      {...(props.hideHeading ? { 'aria-label': texts.heading } : { 'aria-labelledby': `${id}-heading` })}
    >
      {!props.hideHeading && <h2 id={`${id}-heading`}>{texts.heading}</h2>}
      <p className="csv-import-hint">{texts.hint}</p>
      <div className="csv-import-buttons">
        <Button type="button" icon="pi pi-download" label={texts.template} outlined onClick={template} />
        <FileUpload
          mode="basic"
          name="file"
          accept=".csv,text/csv"
          maxFileSize={props.maxBytes}
          customUpload
          auto
          uploadHandler={choose}
          chooseLabel={texts.choose}
          disabled={busy}
          chooseOptions={{ icon: 'pi pi-file' }}
          pt={{ input: { 'aria-label': texts.choose } as never }}
        />
        <Button type="button" icon="pi pi-upload" label={texts.import} disabled={!canImport(preview, refusal, busy)} loading={busy && !!preview} onClick={commit} />
      </div>
      {file && <p className="csv-import-hint">{texts.file(file.name)}</p>}
      {busy && step && (
        <ProgressPanel
          {...stepProgress(step, { t, culture: f.culture, checking: texts.checking, rowsText: props.rowsText })}
          label={texts.uploading}
          cancelLabel={texts.cancel}
          onCancel={() => running.current?.abort()}
        />
      )}
      {problems.length > 0 && (
        <div role="alert" className="csv-import-errors">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {preview && (
        <>
          <p className="csv-import-summary" role="status">
            {props.summary(preview)}
          </p>
          {preview.refused > 0 && <p className="csv-import-refused">{texts.refusedHint}</p>}
          <DataTable
            value={preview.lines}
            dataKey="line"
            size="small"
            paginator
            rows={TABLE_PAGE_SIZE}
            rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
            paginatorTemplate={namedPaginatorTemplate(texts.rowsPerPage, 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown')}
            currentPageReportTemplate={texts.pageReport}
            scrollable
            tableStyle={props.tableMinWidth ? { minWidth: props.tableMinWidth } : undefined}
            className="csv-import-table"
            pt={{ table: { 'aria-label': texts.previewTable } as never, wrapper: { tabIndex: 0 } as never }}
          >
            <Column field="line" header={texts.line} />
            {props.columns.map((c) => (
              <Column key={c.header} header={c.header} body={c.body} className={c.className} headerClassName={c.className} />
            ))}
            <Column header={texts.status} body={(l: CsvImportLine) => <Tag className={`csv-import-status csv-import-status-${l.status}`} value={texts.statusName(l.status)} />} />
            <Column
              header={texts.problems}
              body={(l: CsvImportLine) =>
                // a column body renders what it returns as text, so nothing is null, never false
                l.problems.length > 0 ? (
                  <ul className="csv-import-problems">
                    {l.problems.map((p) => (
                      <li key={`${p.field}:${p.message}`}>{problemText(p)}</li>
                    ))}
                  </ul>
                ) : null
              }
            />
          </DataTable>
        </>
      )}
    </section>
  );
}
