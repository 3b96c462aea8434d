/**
 * Production block CSV import: Download Template, choose a file, see every line (PUC, code, what
 * the import would do, the problems of a refused line) with the counts; Import writes the file only
 * when no line is refused, all or nothing. While the file goes up a bar follows it beside Cancel.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { Tag } from 'primereact/tag';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCK_IMPORT_COLUMNS, BLOCK_IMPORT_MAX_BYTES, type BlockImportLine, type BlockImportResponse } from '@orchard/shared';
import { ProgressPanel, percentOf, sentText } from '../../../components/progress-panel';
import { namedPaginatorTemplate } from '../../../components/table-accessibility';
import { downloadBlob } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { isCancelled, useImportBlocks, type BlockImportMode } from '../api/import-blocks';
import { blockTemplateCsv, canImportBlocks, lineProblems, refusalProblems } from '../block-import';
import { requestErrorText } from '../farm-setup-text';

export function BlockImportPanel() {
  const { t } = useTranslation();
  const f = useFormatters();
  const upload = useImportBlocks();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BlockImportResponse | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const running = useRef<AbortController | null>(null);
  // leaving the screen stops an upload still running (a commit then writes nothing)
  useEffect(() => () => running.current?.abort(), []);
  const busy = upload.isPending;

  const run = (chosen: File, mode: BlockImportMode, onSuccess: (answer: BlockImportResponse) => void, onError: (e: unknown) => void) => {
    const controller = new AbortController();
    running.current = controller;
    setSent({ sent: 0, total: chosen.size });
    upload.mutate(
      { file: chosen, mode, onProgress: setSent, signal: controller.signal },
      {
        onSettled: () => {
          running.current = null;
          setSent(null);
        },
        onSuccess,
        onError: (e) => {
          if (!isCancelled(e)) return onError(e);
          toast.info(t('farmSetup.import.cancelled'), t('farmSetup.import.cancelledDetail'));
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
        toast.success(t('farmSetup.import.imported'), t('farmSetup.import.importedDetail', { created: f.number(answer.created), changed: f.number(answer.changed) }));
        setFile(null);
        setPreview(null);
      },
      (e) => {
        setRefusal(e);
        toast.error(t('farmSetup.import.notImported'), requestErrorText(e, t));
      },
    );
  };

  const template = () => downloadBlob(new Blob([blockTemplateCsv()], { type: 'text/csv;charset=utf-8' }), t('farmSetup.import.templateFile'));
  const problems = refusalProblems(refusal, t);
  const sending = sent && sent.sent < sent.total;

  return (
    <section className="farm-setup-import" aria-labelledby="block-import-heading">
      <h2 id="block-import-heading">{t('farmSetup.import.heading')}</h2>
      <p className="farm-setup-hint">{t('farmSetup.import.columns', { columns: BLOCK_IMPORT_COLUMNS.join(', ') })}</p>
      <div className="farm-setup-buttons">
        <Button type="button" icon="pi pi-download" label={t('farmSetup.import.template')} outlined onClick={template} />
        <FileUpload
          mode="basic"
          name="file"
          accept=".csv,text/csv"
          maxFileSize={BLOCK_IMPORT_MAX_BYTES}
          customUpload
          auto
          uploadHandler={choose}
          chooseLabel={t('farmSetup.import.choose')}
          disabled={busy}
          chooseOptions={{ icon: 'pi pi-file' }}
          pt={{ input: { 'aria-label': t('farmSetup.import.choose') } as never }}
        />
        <Button
          type="button"
          icon="pi pi-upload"
          label={t('farmSetup.import.import')}
          disabled={!canImportBlocks(preview, refusal, busy)}
          loading={busy && !!preview}
          onClick={commit}
        />
      </div>
      {file && <p className="farm-setup-hint">{t('farmSetup.import.file', { name: file.name })}</p>}
      {busy && sent && (
        <ProgressPanel
          percent={sending ? percentOf(sent.sent, sent.total) : null}
          label={t('farmSetup.import.uploading')}
          text={sending ? sentText(t, sent.sent, sent.total, f.culture) : t('farmSetup.import.checking')}
          cancelLabel={t('farmSetup.import.cancel')}
          onCancel={() => running.current?.abort()}
        />
      )}
      {problems.length > 0 && (
        <div role="alert" className="farm-setup-import-errors">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {preview && (
        <>
          <p className="farm-setup-import-summary" role="status">
            {t('farmSetup.import.summary', {
              created: f.number(preview.created),
              changed: f.number(preview.changed),
              unchanged: f.number(preview.unchanged),
              refused: f.number(preview.refused),
            })}
          </p>
          {preview.refused > 0 && <p className="farm-setup-import-refused">{t('farmSetup.import.refusedHint')}</p>}
          <DataTable
            value={preview.lines}
            dataKey="line"
            size="small"
            paginator
            rows={20}
            rowsPerPageOptions={[20, 50, 100]}
            paginatorTemplate={namedPaginatorTemplate(t('farmSetup.import.rowsPerPage'), 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown')}
            currentPageReportTemplate={t('farmSetup.pageReport')}
            scrollable
            tableStyle={{ minWidth: '36rem' }}
            className="farm-setup-table farm-setup-preview"
            pt={{ table: { 'aria-label': t('farmSetup.import.previewTable') } as never, wrapper: { tabIndex: 0 } as never }}
          >
            <Column field="line" header={t('farmSetup.import.line')} className="farm-setup-number" headerClassName="farm-setup-number" />
            <Column field="puc" header={t('farmSetup.fields.puc')} />
            <Column field="code" header={t('farmSetup.fields.code')} />
            <Column
              header={t('farmSetup.import.status')}
              body={(l: BlockImportLine) => <Tag className={`farm-setup-status farm-setup-status-${l.status}`} value={t(`farmSetup.import.statuses.${l.status}`)} />}
            />
            <Column
              header={t('farmSetup.import.problems')}
              body={(l: BlockImportLine) =>
                // a column body renders what it returns as text, so nothing is null, never false
                l.problems.length > 0 ? (
                  <ul className="farm-setup-problems">
                    {lineProblems(l, t).map((p) => (
                      <li key={p}>{p}</li>
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
