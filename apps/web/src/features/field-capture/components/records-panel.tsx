/**
 * The stored rows of one list: filters (farm, block, from and to day; the address may name them,
 * see lib/field-list-filters) and a table paged on the server (20/50/100, newest first), with edit
 * and delete (after a confirm) for those who capture.
 */
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dayOf, FIELD_READINGS_DEFAULT_PAGE_SIZE, FIELD_READINGS_PAGE_SIZES, type FieldBlock } from '@orchard/shared';
import { RowActionButton } from '../../../components/row-actions';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { hasAnswered, TableEmpty } from '../../../components/table-empty';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { filtersFromSearch, type FieldListFilters } from '../../../lib/field-list-filters';
import { useDeleteFieldRecord, useFieldList } from '../api/field-records';
import type { CaptureKind, FieldRecordRow } from './capture-kind';
import { BlockPicker, DateTimeField } from './field-inputs';

export function RecordsPanel<Row extends FieldRecordRow, Draft>({
  kind,
  blocks,
  canCapture,
  onEdit,
  onDeleted,
}: {
  kind: CaptureKind<Row, Draft>;
  blocks: FieldBlock[];
  canCapture: boolean;
  onEdit: (row: Row) => void;
  onDeleted: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  // a link (the pest dashboard's rows) may open the list on its rows: the address names the filters
  const { search } = useLocation();
  const [filters, setFilters] = useState<FieldListFilters>(() => filtersFromSearch(search));
  const [paging, setPaging] = useState({ first: 0, rows: FIELD_READINGS_DEFAULT_PAGE_SIZE });
  const rangeError = filters.from && filters.to && filters.from > filters.to ? t('fieldCapture.rangeOrder') : undefined;
  const request = { ...filters, page: paging.first / paging.rows + 1, pageSize: paging.rows };
  const list = useFieldList(kind.listPath, kind.pageSchema, request, !rangeError);
  const remove = useDeleteFieldRecord(kind.listPath, kind.itemPath);
  const today = dayOf(new Date());
  const id = `${kind.kind}-filter`;

  const setFilter = (patch: Partial<FieldListFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, first: 0 }));
  };

  const confirmDelete = (row: Row) => {
    const name = kind.rowName(row, format);
    confirmDialog({
      header: t('fieldCapture.deleteHeader'),
      message: t('fieldCapture.deleteConfirm', { name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('fieldCapture.yes'),
      rejectLabel: t('fieldCapture.no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(row.id, {
          onSuccess: () => {
            toast.success(t('fieldCapture.success'), t('fieldCapture.deleted'));
            onDeleted(row);
          },
          onError: (e) => {
            if (isApiError(e) && e.isNetworkError) toast.error(t('fieldCapture.error'), t('fieldCapture.editNeedsNetwork'));
            else toast.error(t('fieldCapture.error'), errorText(e));
          },
        }),
    });
  };

  const columns = useMemo(
    () =>
      kind.columns.map((c) => (
        <Column key={c.header} header={t(c.header)} className={c.className} body={(row: Row) => c.body(row, format, t)} />
      )),
    [kind.columns, t, format],
  );

  return (
    <section className="records-panel" aria-labelledby={`${kind.kind}-list-title`}>
      <h2 id={`${kind.kind}-list-title`}>{t(kind.texts.list)}</h2>
      <div className="records-filters" role="group" aria-label={t('fieldCapture.filters')}>
        <BlockPicker
          idPrefix={id}
          blocks={blocks}
          farmId={filters.farmId}
          blockId={filters.blockId}
          onChange={(farmId, blockId) => setFilter({ farmId, blockId })}
        />
        <DateTimeField id={`${id}-from`} type="date" label={t('fieldCapture.from')} value={filters.from} max={today} onChange={(from) => setFilter({ from })} />
        <DateTimeField id={`${id}-to`} type="date" label={t('fieldCapture.to')} value={filters.to} max={today} error={rangeError} onChange={(to) => setFilter({ to })} />
      </div>
      {list.error && <Message severity="error" text={errorText(list.error) || t('fieldCapture.loadFailed')} />}
      <DataTable
        value={list.data?.rows ?? []}
        dataKey="id"
        lazy
        paginator
        first={paging.first}
        rows={paging.rows}
        totalRecords={list.data?.totalRecords ?? 0}
        onPage={(e: DataTablePageEvent) => setPaging({ first: e.first, rows: e.rows })}
        rowsPerPageOptions={[...FIELD_READINGS_PAGE_SIZES]}
        paginatorTemplate={namedPaginatorTemplate(t('fieldCapture.rowsPerPage'))}
        currentPageReportTemplate={t('fieldCapture.pageReport')}
        loading={list.isFetching || remove.isPending}
        emptyMessage={<TableEmpty answered={hasAnswered(list)} text={t('fieldCapture.noData')} />}
        size="small"
        className="records-table"
        pt={scrollableTablePt(t(kind.texts.tableCaption))}
      >
        <Column header={t('fieldCapture.block')} body={(row: Row) => `${row.farmName} - ${row.blockName}`} />
        {columns}
        <Column header={t('fieldCapture.capturedBy')} body={(row: Row) => row.capturedByName ?? ''} />
        {canCapture && (
          <Column
            header={t('fieldCapture.actions')}
            className="records-actions"
            body={(row: Row) => (
              <>
                <RowActionButton action="edit" label={t('fieldCapture.editRow', { name: kind.rowName(row, format) })} onClick={() => onEdit(row)} />
                <RowActionButton
                  action="delete"
                  label={t('fieldCapture.deleteRow', { name: kind.rowName(row, format) })}
                  disabled={remove.isPending}
                  onClick={() => confirmDelete(row)}
                />
              </>
            )}
          />
        )}
      </DataTable>
    </section>
  );
}
