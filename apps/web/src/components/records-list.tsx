/**
 * One list of stored records, the same on every capture screen (field captures, packhouse
 * readings): its heading, the screen's filters, a table paged on the server (newest first) with the
 * columns the record kind names and who captured each row and, for those who capture, edit and
 * delete (after a confirm, the safe answer focused) on each row. Each screen keeps its own captions
 * under its i18n namespace (`ns`) and its own calls: it hands the list the page it read and the
 * delete it makes.
 */
import type { TFunction } from 'i18next';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPage } from '@orchard/shared/field-capture';
import { errorText, isApiError } from '../lib/api-error';
import type { SafeParser } from '../lib/form-issues';
import type { Formatters } from '../lib/format';
import { toast } from '../lib/toast';
import { useFormatters } from '../lib/use-formatters';
import { usePagedTable } from './paged-table';
import { RowActionButton } from './row-actions';
import { hasAnswered, TableEmpty } from './table-empty';
import './records-list.css';

/** What every stored record answers. */
export interface RecordRow {
  id: number;
  capturedByName: string | null;
  version: number;
}

export interface RecordColumn<Row> {
  /** i18n key of the header */
  header: string;
  body: (row: Row, format: Formatters, t: TFunction) => string;
  className?: string;
}

/**
 * What one kind of record is (a field capture list such as traps, a kind of packhouse reading):
 * the shared schemas of a page, of a new record and of an edit, its texts and its columns. Each
 * screen's descriptor adds its own (its calls, permissions, form).
 */
export interface RecordKind<Row extends RecordRow> {
  /** names the kind's elements, queries and outbox entries */
  key: string;
  pageSchema: { parse: (data: unknown) => FieldPage<Row> };
  createSchema: SafeParser;
  updateSchema: SafeParser;
  /** i18n keys: the form's heading, the list's heading, the table's caption, the toast of a new record */
  texts: { form: string; list: string; caption: string; saved: string };
  columns: readonly RecordColumn<Row>[];
}

/** The paging of a records list: the table's paging props, the page to ask for and resetPage() for new filters. */
export function useRecordsPaging(ns: string, caption: string, pageSizes: readonly number[], defaultRows: number) {
  const { t } = useTranslation();
  return usePagedTable(pageSizes, defaultRows, undefined, { rowsPerPage: t(`${ns}.rowsPerPage`), pageReport: t(`${ns}.pageReport`), caption: t(caption) });
}

export type RecordsPaging = ReturnType<typeof useRecordsPaging>;

export interface RecordsListProps<Row extends RecordRow> {
  kind: RecordKind<Row>;
  /** the i18n namespace of the captions: filters, paging, columns, confirm and toasts */
  ns: string;
  heading: 'h2' | 'h3';
  /** the screen's filter fields */
  filters: ReactNode;
  /** columns before the kind's own */
  leadingColumns?: readonly RecordColumn<Row>[];
  paging: RecordsPaging;
  /** the page read */
  list: { data: FieldPage<Row> | undefined; error: unknown; isFetching: boolean; isError: boolean };
  remove: { mutate: (id: number, options: { onSuccess: () => void; onError: (e: unknown) => void }) => void; isPending: boolean };
  /** how a row is named in its actions' labels and the confirm ("Edit {{name}}") */
  rowName: (row: Row) => string;
  /** what a delete that found no network says, when the screen says more than the error */
  offlineText?: string;
  canCapture: boolean;
  onEdit: (row: Row) => void;
  onDeleted: (row: Row) => void;
}

export function RecordsList<Row extends RecordRow>({
  kind,
  ns,
  heading: Heading,
  filters,
  leadingColumns,
  paging,
  list,
  remove,
  rowName,
  offlineText,
  canCapture,
  onEdit,
  onDeleted,
}: RecordsListProps<Row>) {
  const { t } = useTranslation();
  const format = useFormatters();
  const text = (key: string, options?: Record<string, unknown>) => t(`${ns}.${key}`, options);
  const titleId = `${kind.key}-list-title`;

  const confirmDelete = (row: Row) => {
    const name = rowName(row);
    confirmDialog({
      header: text('deleteHeader'),
      message: text('deleteConfirm', { name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: text('yes'),
      rejectLabel: text('no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(row.id, {
          onSuccess: () => {
            toast.success(text('success'), text('deleted'));
            onDeleted(row);
          },
          onError: (e) => toast.error(text('error'), offlineText && isApiError(e) && e.isNetworkError ? offlineText : errorText(e)),
        }),
    });
  };

  const columns = useMemo(
    () =>
      [...(leadingColumns ?? []), ...kind.columns].map((c) => (
        <Column key={c.header} header={t(c.header)} className={c.className} body={(row: Row) => c.body(row, format, t)} />
      )),
    [leadingColumns, kind.columns, t, format],
  );

  return (
    <section className="records-panel" aria-labelledby={titleId}>
      <Heading id={titleId}>{t(kind.texts.list)}</Heading>
      <div className="records-filters" role="group" aria-label={text('filters')}>
        {filters}
      </div>
      {list.error != null && <Message severity="error" text={errorText(list.error) || text('loadFailed')} />}
      <DataTable
        value={list.data?.rows ?? []}
        dataKey="id"
        lazy
        {...paging.tableProps}
        totalRecords={list.data?.totalRecords ?? 0}
        loading={list.isFetching || remove.isPending}
        emptyMessage={<TableEmpty answered={hasAnswered(list)} text={text('noData')} />}
        size="small"
        className="records-table"
      >
        {columns}
        <Column header={text('capturedBy')} body={(row: Row) => row.capturedByName ?? ''} />
        {canCapture && (
          <Column
            header={text('actions')}
            className="records-actions"
            body={(row: Row) => (
              <>
                <RowActionButton action="edit" label={text('editRow', { name: rowName(row) })} onClick={() => onEdit(row)} />
                <RowActionButton action="delete" label={text('deleteRow', { name: rowName(row) })} disabled={remove.isPending} onClick={() => confirmDelete(row)} />
              </>
            )}
          />
        )}
      </DataTable>
    </section>
  );
}
