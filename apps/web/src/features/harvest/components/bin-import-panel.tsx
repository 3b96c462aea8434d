/**
 * CSV import of bin intake: choose a file, see the preview (parsed rows and per-line errors
 * "line N: field: message"), Import only when the preview has no errors; nothing is half-written.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BIN_IMPORT_COLUMNS, BIN_IMPORT_MAX_BYTES, type BinImportResponse, type BinImportRow } from '@orchard/shared';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useImportBins } from '../api/import-bins';
import { importProblem } from '../intake-dates';
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

export function BinImportPanel() {
  const { t } = useTranslation();
  const upload = useImportBins();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BinImportResponse | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const busy = upload.isPending;

  const choose = (event: FileUploadHandlerEvent) => {
    const chosen = event.files[0];
    event.options.clear();
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setRefusal(null);
    upload.mutate(
      { file: chosen, mode: 'preview' },
      { onSuccess: (answer) => setPreview(answer), onError: (e) => setRefusal(e) },
    );
  };

  const commit = () => {
    if (!file) return;
    upload.mutate(
      { file, mode: 'commit' },
      {
        onSuccess: (answer) => {
          toast.success(t('harvest.import.imported'), t('harvest.import.importedDetail', { count: answer.bins }));
          setFile(null);
          setPreview(null);
        },
        onError: (e) => {
          setRefusal(e);
          toast.error(t('harvest.import.notImported'), errorText(e));
        },
      },
    );
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
      {busy && <ProgressBar mode="indeterminate" style={{ height: '6px' }} aria-label={t('harvest.import.uploading')} />}
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
            <Column field="received_date" header={t('harvest.intake.receivedDate')} />
            <Column field="bins" header={t('harvest.intake.count')} className="harvest-number" headerClassName="harvest-number" />
            <Column header={t('harvest.intake.tipped')} body={(r: BinImportRow) => yesNo(r.tipped)} />
            <Column field="tipped_kgs" header={t('harvest.intake.tippedKgs')} className="harvest-number" headerClassName="harvest-number" />
          </DataTable>
        </>
      )}
    </section>
  );
}
