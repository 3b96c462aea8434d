/**
 * CSV import of bin intake: choose a file, see the preview (parsed rows and per-line errors
 * "line N: field: message"), Import only when the preview has no errors; nothing is half-written.
 * While the preview or the import runs, a bar follows it (the bytes sent, then the rows checked and
 * written) beside Cancel, which stops it: a cancelled import writes nothing.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BIN_IMPORT_COLUMNS, BIN_IMPORT_MAX_BYTES, isIsoDate, type BinImportResponse, type BinImportRow } from '@orchard/shared';
import type { TFunction } from 'i18next';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { isCancelled, useImportBins, type BinImportMode, type BinImportResponseHandlers, type BinImportStep } from '../api/import-bins';
import { importProblem } from '../intake-dates';
import { ProgressPanel, percentOf, sentText } from '../../../components/progress-panel';
import { namedPaginatorTemplate } from '../../../components/table-accessibility';

/** The problems to list: the preview's errors, or those of a refused commit (field "line N: x"). */
export function problemsOf(preview: BinImportResponse | null, refusal: unknown): string[] {
  if (isApiError(refusal)) {
    if (refusal.details?.length) return refusal.details.map((d) => (/^line \d+: /.test(d.field) ? `${d.field}: ${d.message}` : d.message));
    return [errorText(refusal)];
  }
  if (refusal) return [errorText(refusal)];
  return preview?.errors.map((e) => importProblem(e.line, e.field, e.message)) ?? [];
}

export function canImport(preview: BinImportResponse | null, refusal: unknown, busy: boolean): boolean {
  return !busy && !refusal && !!preview && preview.rows.length > 0 && preview.errors.length === 0;
}

/** How far the step is, 0 to 100. */
export function stepPercent(step: BinImportStep): number {
  return percentOf(step.processed, step.total);
}

/** The step's text: "40% sent (2 kB of 5 kB)", "Checking rows 2,500 of 10,000", "Importing rows ...". */
export function stepText(t: TFunction, step: BinImportStep, number: (value: number) => string, culture: string): string {
  if (step.phase === 'sending') {
    return sentText(t, step.processed, step.total, culture);
  }
  return t(`harvest.import.${step.phase}`, { processed: number(step.processed), total: number(step.total) });
}

export function BinImportPanel() {
  const { t } = useTranslation();
  const f = useFormatters();
  const upload = useImportBins();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BinImportResponse | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [step, setStep] = useState<BinImportStep | null>(null);
  const running = useRef<AbortController | null>(null);
  // leaving the screen stops an import still running (a commit then writes nothing)
  useEffect(() => () => running.current?.abort(), []);
  const busy = upload.isPending;

  const run = (chosen: File, mode: BinImportMode, handlers: BinImportResponseHandlers) => {
    const controller = new AbortController();
    running.current = controller;
    setStep({ phase: 'sending', processed: 0, total: chosen.size });
    upload.mutate(
      { file: chosen, mode, onStep: setStep, signal: controller.signal },
      {
        onSettled: () => {
          running.current = null;
          setStep(null);
        },
        onSuccess: handlers.onSuccess,
        onError: (e) => {
          if (!isCancelled(e)) return handlers.onError(e);
          toast.info(t('harvest.import.cancelled'), t('harvest.import.cancelledDetail'));
          // a cancelled preview leaves nothing to import; a cancelled import keeps its preview
          if (mode === 'preview') setFile(null);
        },
      },
    );
  };

  const cancel = () => running.current?.abort();

  const choose = (event: FileUploadHandlerEvent) => {
    const chosen = event.files[0];
    event.options.clear();
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setRefusal(null);
    run(chosen, 'preview', { onSuccess: (answer) => setPreview(answer), onError: (e) => setRefusal(e) });
  };

  const commit = () => {
    if (!file) return;
    run(file, 'commit', {
      onSuccess: (answer) => {
        toast.success(t('harvest.import.imported'), t('harvest.import.importedDetail', { count: answer.bins }));
        setFile(null);
        setPreview(null);
      },
      onError: (e) => {
        setRefusal(e);
        toast.error(t('harvest.import.notImported'), errorText(e));
      },
    });
  };

  const problems = problemsOf(preview, refusal);
  const yesNo = (value: boolean | null) => (value === null ? '' : value ? t('harvest.import.yes') : t('harvest.import.no'));

  return (
    <section className="harvest-card" aria-labelledby="bin-import-heading">
      <h2 id="bin-import-heading">{t('harvest.import.heading')}</h2>
      <p className="harvest-hint">{t('harvest.import.columns', { columns: BIN_IMPORT_COLUMNS.join(', ') })}</p>
      <div className="harvest-buttons">
        <FileUpload
          mode="basic"
          name="file"
          accept=".csv,text/csv"
          maxFileSize={BIN_IMPORT_MAX_BYTES}
          customUpload
          auto
          uploadHandler={choose}
          chooseLabel={t('harvest.import.choose')}
          disabled={busy}
          chooseOptions={{ icon: 'pi pi-file' }}
          pt={{ input: { 'aria-label': t('harvest.import.choose') } as never }}
        />
        <Button type="button" icon="pi pi-upload" label={t('harvest.import.import')} disabled={!canImport(preview, refusal, busy)} loading={busy && !!preview} onClick={commit} />
      </div>
      {file && <p className="harvest-hint">{t('harvest.import.file', { name: file.name })}</p>}
      {busy && step && (
        <ProgressPanel
          percent={stepPercent(step)}
          label={t('harvest.import.uploading')}
          text={stepText(t, step, (n) => f.number(n), f.culture)}
          cancelLabel={t('harvest.import.cancel')}
          onCancel={cancel}
        />
      )}
      {problems.length > 0 && (
        <div role="alert" className="harvest-import-errors">
          <h3>{t('harvest.import.errorsHeading', { count: problems.length })}</h3>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {preview && (
        <>
          <p className="harvest-hint">{t('harvest.import.summary', { rows: preview.rows.length, bins: preview.bins })}</p>
          <DataTable
            value={preview.rows}
            dataKey="line"
            size="small"
            paginator
            rows={20}
            rowsPerPageOptions={[20, 50, 100]}
            paginatorTemplate={namedPaginatorTemplate(t('harvest.import.rowsPerPage'), 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown')}
            currentPageReportTemplate="{first} - {last} of {totalRecords}"
            scrollable
            className="harvest-table"
            tableStyle={{ minWidth: '48rem' }}
            pt={{ table: { 'aria-label': t('harvest.import.previewTable') } as never, wrapper: { tabIndex: 0 } as never }}
          >
            <Column field="line" header={t('harvest.import.line')} />
            <Column field="puc" header={t('harvest.columns.puc')} />
            <Column field="block" header={t('harvest.columns.block')} />
            <Column field="packhouse" header={t('harvest.packhouse')} />
            <Column
              header={t('harvest.intake.receivedDate')}
              body={(r: BinImportRow) => (isIsoDate(r.received_date) ? f.day(r.received_date) : r.received_date)}
            />
            <Column field="bins" header={t('harvest.intake.count')} className="harvest-number" headerClassName="harvest-number" />
            <Column header={t('harvest.intake.tipped')} body={(r: BinImportRow) => yesNo(r.tipped)} />
            <Column field="tipped_kgs" header={t('harvest.intake.tippedKgs')} className="harvest-number" headerClassName="harvest-number" />
          </DataTable>
        </>
      )}
    </section>
  );
}
