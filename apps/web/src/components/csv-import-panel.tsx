/**
 * A CSV import, the same way for every file: Download Template, choose a file (previewed at once),
 * see every line (what the import would do, the problems of a refused line) with the counts;
 * Import writes the file only when no line is refused, all or nothing. While the file goes up a
 * bar follows it beside Cancel; leaving the screen stops it. The screen gives the upload call,
 * the texts and the columns a line shows.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { Tag } from 'primereact/tag';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../lib/api-client';
import { canImport, isCancelled, plainProblemText, refusalTexts, type ImportAnswerLike, type ImportLineLike, type ProblemText } from '../lib/csv-import';
import { downloadBlob } from '../lib/download';
import { toast } from '../lib/toast';
import { useFormatters } from '../lib/use-formatters';
import { ProgressPanel, percentOf, sentText } from './progress-panel';
import { namedPaginatorTemplate } from './table-accessibility';
import './csv-import-panel.css';

export type CsvImportMode = 'preview' | 'commit';

export interface CsvUpload {
  file: File;
  mode: CsvImportMode;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

export interface CsvImportTexts {
  heading: string;
  hint: string;
  template: string;
  templateFile: string;
  choose: string;
  import: string;
  file: (name: string) => string;
  uploading: string;
  checking: string;
  cancel: string;
  cancelled: string;
  cancelledDetail: string;
  refusedHint: string;
  previewTable: string;
  line: string;
  status: string;
  problems: string;
  statusName: (status: string) => string;
  rowsPerPage: string;
  pageReport: string;
  notImported: string;
}

export interface CsvImportPanelProps<L extends ImportLineLike, A extends ImportAnswerLike<L>> {
  /** id of the heading (the section's name) */
  id: string;
  texts: CsvImportTexts;
  templateCsv: string;
  maxBytes: number;
  upload: (input: CsvUpload) => Promise<A>;
  /** the line's own columns, between its number and its status */
  columns: { header: string; body: (line: L) => ReactNode }[];
  summary: (answer: A) => string;
  /** after a commit: the toast's title and text */
  imported: (answer: A) => { summary: string; detail: string };
  /** a commit wrote (or, cancelled at its very end, may have written): lists read again */
  onWritten?: () => void;
  problemText?: ProblemText;
  requestText?: (error: unknown) => string;
  className?: string;
  /** the heading stands elsewhere (e.g. a panel's header): the section is named by aria-label */
  hideHeading?: boolean;
}

export function CsvImportPanel<L extends ImportLineLike, A extends ImportAnswerLike<L>>(props: CsvImportPanelProps<L, A>) {
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
  const [sent, setSent] = useState<UploadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // leaving the screen stops an upload still running (a commit then writes nothing)
  useEffect(() => () => running.current?.abort(), []);
  const busy = mutation.isPending;

  const run = (chosen: File, mode: CsvImportMode, onSuccess: (answer: A) => void, onError: (e: unknown) => void) => {
    const controller = new AbortController();
    running.current = controller;
    setSent({ sent: 0, total: chosen.size });
    mutation.mutate(
      { file: chosen, mode, onProgress: setSent, signal: controller.signal },
      {
        onSettled: () => {
          running.current = null;
          setSent(null);
        },
        onSuccess,
        onError: (e) => {
          if (!isCancelled(e)) return onError(e);
          toast.info(texts.cancelled, texts.cancelledDetail);
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
  const sending = sent && sent.sent < sent.total;

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
      {busy && sent && (
        <ProgressPanel
          percent={sending ? percentOf(sent.sent, sent.total) : null}
          label={texts.uploading}
          text={sending ? sentText(t, sent.sent, sent.total, f.culture) : texts.checking}
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
            rows={20}
            rowsPerPageOptions={[20, 50, 100]}
            paginatorTemplate={namedPaginatorTemplate(texts.rowsPerPage, 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown')}
            currentPageReportTemplate={texts.pageReport}
            scrollable
            className="csv-import-table"
            pt={{ table: { 'aria-label': texts.previewTable } as never, wrapper: { tabIndex: 0 } as never }}
          >
            <Column field="line" header={texts.line} />
            {props.columns.map((c) => (
              <Column key={c.header} header={c.header} body={c.body} />
            ))}
            <Column header={texts.status} body={(l: L) => <Tag className={`csv-import-status csv-import-status-${l.status}`} value={texts.statusName(l.status)} />} />
            <Column
              header={texts.problems}
              body={(l: L) =>
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
